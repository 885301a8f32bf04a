/**
 * What the server remembers of sign-ins, so that they can be revoked: the nonces already
 * used at /verify (until they expire) and the open sessions (until signed out or expired).
 * The sealed cookie names a session; only a session found here counts.
 */
export interface SessionRecord {
  address: `0x${string}`;
  chainId: number;
}

/** The store has no room left: new sign-ins are refused, live sessions are kept. */
export class SessionStoreFullError extends Error {
  override readonly name = 'SessionStoreFullError';
}

export interface SessionStore {
  /**
   * Records a nonce as used until `expiresAt` (ms since the epoch). True the first time,
   * false when it was already used. Throws SessionStoreFullError when there is no room.
   */
  useNonce(nonce: string, expiresAt: number): Promise<boolean>;
  /** Opens a session until `expiresAt`. Throws SessionStoreFullError when there is no room. */
  openSession(id: string, record: SessionRecord, expiresAt: number): Promise<void>;
  /** The session, or null when it was never opened, was closed or has expired. */
  findSession(id: string): Promise<SessionRecord | null>;
  closeSession(id: string): Promise<void>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}

export interface MemorySessionStoreOptions {
  /** Most open sessions kept (default 100,000). */
  maxSessions?: number;
  /** Most used nonces kept (default 100,000). */
  maxNonces?: number;
  now?: () => number;
}

/** An entry that counts until `expiresAt`. */
class ExpiringMap<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Adds an entry; when full, expired entries are swept first, and live ones never evicted. */
  set(key: string, value: T, expiresAt: number): void {
    if (!this.entries.has(key) && this.entries.size >= this.capacity) {
      this.sweep();
      if (this.entries.size >= this.capacity) {
        throw new SessionStoreFullError('The session store is full.');
      }
    }
    this.entries.set(key, { value, expiresAt });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  sweep(): void {
    const now = this.now();
    for (const [key, { expiresAt }] of this.entries) {
      if (expiresAt <= now) this.entries.delete(key);
    }
  }
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * The default store, in this process: bounded (a flood of sign-ins cannot grow it without
 * limit), expired entries swept every minute and whenever it is full. Sessions end when the
 * server restarts; with several servers use the Redis store.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions: ExpiringMap<SessionRecord>;
  private readonly nonces: ExpiringMap<true>;
  private readonly sweeper: NodeJS.Timeout;

  constructor({
    maxSessions = 100_000,
    maxNonces = 100_000,
    now = Date.now,
  }: MemorySessionStoreOptions = {}) {
    this.sessions = new ExpiringMap(maxSessions, now);
    this.nonces = new ExpiringMap(maxNonces, now);
    this.sweeper = setInterval(() => {
      this.sessions.sweep();
      this.nonces.sweep();
    }, SWEEP_INTERVAL_MS).unref();
  }

  async useNonce(nonce: string, expiresAt: number): Promise<boolean> {
    if (this.nonces.get(nonce) !== undefined) return false;
    this.nonces.set(nonce, true, expiresAt);
    return true;
  }

  async openSession(id: string, record: SessionRecord, expiresAt: number): Promise<void> {
    this.sessions.set(id, record, expiresAt);
  }

  async findSession(id: string): Promise<SessionRecord | null> {
    return this.sessions.get(id) ?? null;
  }

  async closeSession(id: string): Promise<void> {
    this.sessions.delete(id);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
