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

export async function fetchNonce(): Promise<string> {
  return parsed(await fetch(endpoint('nonce')), parseNonce);
}

/** Resolves with the new session, or null when the server refused the signature. */
export async function verifySignature(
  message: string,
  signature: string,
): Promise<SessionInfo | null> {
  const response = await fetch(endpoint('verify'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  });
  return response.ok ? parsed(response, parseSessionInfo) : null;
}

export async function signOut(): Promise<void> {
  await parsed(await fetch(endpoint('logout'), { method: 'POST' }), parseSessionInfo);
}
