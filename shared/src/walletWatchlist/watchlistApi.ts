// The saved watchlist API as the page calls it (docs/architecture.md#the-wallets-watchlist-on-the-server): same origin, the
// session cookie; every answer through the door of watchlistBodies.ts.
import * as v from 'valibot';
import { retryAfterMs } from '../market/retryAfter';
import {
  changesAnswerSchema,
  walletWatchlistSchema,
  watchlistErrorSchema,
  type ChangeRequest,
  type ChangesAnswer,
  type WalletWatchlist,
} from './watchlistBodies';

/** Why a request did not do what it asked. */
export type Refusal =
  /** Signed out, or the sign-in ended (401). */
  | { kind: 'signedOut' }
  /** The additions would pass the cap; nothing was applied (409). */
  | { kind: 'full'; room: number }
  /** The server will never take this request as it is (another 4xx). */
  | { kind: 'rejected'; message: string }
  /** No answer, or the server cannot serve it now (5xx, 429): to try again later. */
  | { kind: 'unreachable'; message: string; retryAfterMs: number | null }
  /**
   * The server answered that its store cannot be reached (503 `unavailable`): it cannot keep
   * the list now; `message` is its own words. Tried again later too.
   */
  | { kind: 'unavailable'; message: string; retryAfterMs: number | null };

export type Answer<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

export interface WatchlistApi {
  read(): Promise<Answer<WalletWatchlist>>;
  send(request: ChangeRequest): Promise<Answer<ChangesAnswer>>;
  remove(): Promise<Answer<null>>;
  /** The URL of the event stream from `since`. */
  eventsUrl(since: number): string;
}

const API_PATH = '/api/watchlist';

async function refusalOf(response: Response): Promise<Refusal> {
  let body: v.InferOutput<typeof watchlistErrorSchema> | null = null;
  try {
    const parsed = v.safeParse(watchlistErrorSchema, await response.json());
    if (parsed.success) body = parsed.output;
  } catch {
    // not JSON: a proxy's page; the status says enough
  }
  const message = body?.message ?? `The server answered ${response.status}.`;
  if (response.status === 401) return { kind: 'signedOut' };
  if (response.status === 409 && body?.error === 'watchlist_full') {
    return { kind: 'full', room: body.room ?? 0 };
  }
  if (response.status === 503 && body?.error === 'unavailable') {
    return { kind: 'unavailable', message, retryAfterMs: retryAfterMs(response.headers) };
  }
  if (response.status === 429 || response.status >= 500) {
    return { kind: 'unreachable', message, retryAfterMs: retryAfterMs(response.headers) };
  }
  return { kind: 'rejected', message };
}

/**
 * One request: its parsed answer, or why not. Never throws: a network failure or an answer
 * the door refuses is a refusal like the server's own.
 */
async function request<T>(
  url: string,
  init: RequestInit,
  parse: (json: unknown) => T,
): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: 'unreachable', message, retryAfterMs: null };
  }
  if (!response.ok) return { ok: false, ...(await refusalOf(response)) };
  try {
    return { ok: true, value: parse(response.status === 204 ? null : await response.json()) };
  } catch (error) {
    const message = `The saved watchlist's answer could not be read: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, kind: 'unreachable', message, retryAfterMs: null };
  }
}

/** The API at `origin` (the page's own). */
export function watchlistApi(origin: string): WatchlistApi {
  const url = (path = '') => new URL(`${API_PATH}${path}`, origin).href;
  return {
    read: () => request(url(), { method: 'GET' }, (json) => v.parse(walletWatchlistSchema, json)),
    send: (body) =>
      request(
        url('/changes'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        (json) => v.parse(changesAnswerSchema, json),
      ),
    remove: () => request(url(), { method: 'DELETE' }, () => null),
    eventsUrl: (since) => url(`/events?since=${since}`),
  };
}
