/**
 * The header's auth API (remote-header/server), which the composed server mounts at
 * /api/auth for all its pages (the standalone /remotes/header/ page too).
 */
import { parseNonce, parseSessionInfo, type SessionInfo } from '@token-portfolio/shared';

export type { SessionInfo } from '@token-portfolio/shared';

const endpoint = (path: string) => new URL(`/api/auth/${path}`, window.location.origin);

/** The answer's body, parsed at the door; an error for a refusal or an unexpected body. */
async function parsed<T>(response: Response, parse: (json: unknown) => T): Promise<T> {
  if (!response.ok) throw new Error(`The auth API answered ${response.status}`);
  return parse(await response.json());
}

/** The auth API refused for now (429, too many attempts from this network). */
export class TryAgainLater extends Error {
  override readonly name = 'TryAgainLater';
  constructor(readonly retryAfterMs: number) {
    super(`The auth API asks to try again in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

/** Retry-After in seconds, as the auth API sends it; a minute when missing or unreadable. */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : 60_000;
}

/** How long before a POST that met a closing connection is sent again. */
const RESEND_AFTER_MS = 300;

/**
 * A POST, sent once more when it met a server closing its connection (a rolling restart:
 * the connection failed, or our proxy answered 502 without an answer from the app; GETs are
 * retried by the proxy itself). Both are safe to send twice: a verify the app did receive
 * has spent its nonce (401), a second logout changes nothing.
 */
async function post(path: string, init: RequestInit = {}): Promise<Response> {
  const send = () => fetch(endpoint(path), { ...init, method: 'POST' });
  try {
    const response = await send();
    if (response.status !== 502) return response;
  } catch {
    // the connection closed under the request
  }
  await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
  return send();
}

export async function fetchNonce(): Promise<string> {
  const response = await fetch(endpoint('nonce'));
  if (response.status === 429) throw new TryAgainLater(retryAfterMs(response));
  return parsed(response, parseNonce);
}

/** Resolves with the new session, or null when the server refused the signature. */
export async function verifySignature(
  message: string,
  signature: string,
): Promise<SessionInfo | null> {
  const response = await post('verify', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  });
  return response.ok ? parsed(response, parseSessionInfo) : null;
}

export async function signOut(): Promise<void> {
  await parsed(await post('logout'), parseSessionInfo);
}
