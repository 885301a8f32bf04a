import type { FastifyRequest } from 'fastify';
import { sessionCookie, type SessionCookie } from './sessionCookie';
import type { SessionStore } from './sessionStore';

/** A request's sign-in: the session (its id is a secret: never logged) and its wallet. */
export interface SignedInSession {
  id: string;
  /** The wallet that signed in, checksummed (EIP-55). */
  address: `0x${string}`;
  /** When the session expires (ms since the epoch); null for a cookie from before it was kept. */
  expiresAt: number | null;
}

/** Why a session ended: Sign out (here, in another tab or elsewhere), or its 7 days are up. */
export type SessionEnd = 'signed_out' | 'expired';

type Watcher = { session: SignedInSession; onEnd: (end: SessionEnd) => void };

export interface SignedInSessionsOptions {
  /** The sign-in API's session store. */
  store: SessionStore;
  /** The sign-in API's secret (the cookie's seal). */
  secret: string;
  now?: () => number;
  /** How often watched sessions are looked up in the store (default 15 s). */
  checkEveryMs?: number;
}

/**
 * The sign-in as the composed server's other APIs see it (the saved watchlist, docs/
 * architecture.md#the-wallets-watchlist-on-the-server): which wallet a request is signed in
 * with, read from its sealed cookie and the session store exactly as the sign-in API reads
 * it, and when a session ends, for answers that stay open (an event stream).
 */
export class SignedInSessions {
  readonly #store: SessionStore;
  readonly #cookies: SessionCookie;
  readonly #now: () => number;
  readonly #watchers = new Map<string, Set<Watcher>>();
  readonly #timer: ReturnType<typeof setInterval>;

  constructor({ store, secret, now = Date.now, checkEveryMs = 15_000 }: SignedInSessionsOptions) {
    this.#store = store;
    this.#cookies = sessionCookie(secret);
    this.#now = now;
    this.#timer = setInterval(() => void this.#check(), checkEveryMs);
    this.#timer.unref();
  }

  /** The session this request is signed in with, or null (signed out, ended, forged cookie). */
  async of(request: FastifyRequest): Promise<SignedInSession | null> {
    const { data } = await this.#cookies.read(request);
    if (data.sessionId === undefined) return null;
    const expiresAt = data.sessionExpiresAt ?? null;
    if (expiresAt !== null && expiresAt <= this.#now()) return null;
    const record = await this.#store.findSession(data.sessionId);
    return record && { id: data.sessionId, address: record.address, expiresAt };
  }

  /**
   * Calls `onEnd` once when the session ends: at once when the sign-in API of this server
   * ended it, else within `checkEveryMs` (signed out through another server, expired).
   * Returns the function that stops watching.
   */
  watch(session: SignedInSession, onEnd: (end: SessionEnd) => void): () => void {
    const watcher = { session, onEnd };
    const watchers = this.#watchers.get(session.id) ?? new Set();
    watchers.add(watcher);
    this.#watchers.set(session.id, watchers);
    return () => {
      watchers.delete(watcher);
      if (watchers.size === 0 && this.#watchers.get(session.id) === watchers) {
        this.#watchers.delete(session.id);
      }
    };
  }

  /** The sign-in API ended this session (its onSessionEnded). */
  ended(sessionId: string): void {
    this.#end(sessionId, 'signed_out');
  }

  /** Stops the checks; the store belongs to the sign-in API, which closes it. */
  close(): void {
    clearInterval(this.#timer);
  }

  #end(sessionId: string, end: SessionEnd): void {
    const watchers = this.#watchers.get(sessionId);
    this.#watchers.delete(sessionId);
    for (const { onEnd } of watchers ?? []) onEnd(end);
  }

  /** Each watched session still in the store and not past its expiry goes on. */
  async #check(): Promise<void> {
    await Promise.all(
      [...this.#watchers].map(async ([id, watchers]) => {
        const [first] = watchers;
        const expiresAt = first?.session.expiresAt ?? null;
        if (expiresAt !== null && expiresAt <= this.#now()) return this.#end(id, 'expired');
        // A store that cannot be reached now ends nothing: the next check asks again.
        const record = await this.#store.findSession(id).catch(() => undefined);
        if (record === null) {
          // Gone from the store: expired if its time is (nearly) up, else signed out.
          const expired = expiresAt !== null && expiresAt <= this.#now() + 1_000;
          this.#end(id, expired ? 'expired' : 'signed_out');
        }
      }),
    );
  }
}
