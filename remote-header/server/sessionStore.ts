/**
 * What the server remembers of sign-ins, so that they can be revoked: the nonces of
 * successful sign-ins (until they expire, so a signed message cannot be replayed) and the
 * open sessions (until signed out or expired), at most MAX_SESSIONS_PER_ADDRESS per wallet.
 * The sealed cookie names a session; only a session found here counts. Only a valid
 * signature writes here, and each visitor's sign-ins are rate limited (authPlugin), so no
 * one client can fill it.
 */
export interface SessionRecord {
  address: `0x${string}`;
  chainId: number;
}

/** Live sessions one wallet address may have; a further sign-in ends the oldest. */
export const MAX_SESSIONS_PER_ADDRESS = 10;

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
  /**
   * Opens a session until `expiresAt`, ending the address's oldest sessions beyond
   * MAX_SESSIONS_PER_ADDRESS. Throws SessionStoreFullError when there is no room.
   */
  openSession(id: string, record: SessionRecord, expiresAt: number): Promise<void>;
  /** The session, or null when it was never opened, was closed or has expired. */
  findSession(id: string): Promise<SessionRecord | null>;
  closeSession(id: string): Promise<void>;
  /** Releases connections and timers. */
  close(): Promise<void>;
  /** False while the store cannot be reached (sign-in then says it is unavailable). */
  available?(): boolean;
}

export interface MemorySessionStoreOptions {
  /** Most open sessions kept (default 100,000). */
  maxSessions?: number;
  /** Most used nonces kept (default 100,000). */
  maxNonces?: number;
  now?: () => number;
  /** Called after each change (a file-backed store saves then). */
  onChange?: () => void;
}

/** Everything a store holds, as plain data (FileSessionStore keeps it in a file). */
export interface SessionStoreSnapshot {
  sessions: [id: string, record: SessionRecord, expiresAt: number][];
  nonces: [nonce: string, expiresAt: number][];
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

  /** The live entries, oldest first. */
  live(): [key: string, value: T, expiresAt: number][] {
    this.sweep();
    return [...this.entries].map(([key, { value, expiresAt }]) => [key, value, expiresAt]);
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
  /** Each address's session ids, oldest first (closed or expired ones are dropped lazily). */
  private readonly byAddress = new Map<string, string[]>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly onChange: () => void;

  constructor({
    maxSessions = 100_000,
    maxNonces = 100_000,
    now = Date.now,
    onChange = () => {},
  }: MemorySessionStoreOptions = {}) {
    this.onChange = onChange;
    this.sessions = new ExpiringMap(maxSessions, now);
    this.nonces = new ExpiringMap(maxNonces, now);
    this.sweeper = setInterval(() => {
      this.sessions.sweep();
      this.nonces.sweep();
      for (const address of this.byAddress.keys()) this.liveSessionsOf(address);
    }, SWEEP_INTERVAL_MS).unref();
  }

  async useNonce(nonce: string, expiresAt: number): Promise<boolean> {
    if (this.nonces.get(nonce) !== undefined) return false;
    this.nonces.set(nonce, true, expiresAt);
    this.onChange();
    return true;
  }

  async openSession(id: string, record: SessionRecord, expiresAt: number): Promise<void> {
    const ids = this.liveSessionsOf(record.address);
    while (ids.length >= MAX_SESSIONS_PER_ADDRESS) {
      const oldest = ids.shift();
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    this.sessions.set(id, record, expiresAt);
    this.byAddress.set(record.address, [...ids, id]);
    this.onChange();
  }

  /** The address's ids of sessions still open, oldest first (and only those kept). */
  private liveSessionsOf(address: string): string[] {
    const ids = (this.byAddress.get(address) ?? []).filter((id) => this.sessions.get(id));
    if (ids.length > 0) this.byAddress.set(address, ids);
    else this.byAddress.delete(address);
    return ids;
  }

  async findSession(id: string): Promise<SessionRecord | null> {
    return this.sessions.get(id) ?? null;
  }

  async closeSession(id: string): Promise<void> {
    this.sessions.delete(id);
    this.onChange();
  }

  snapshot(): SessionStoreSnapshot {
    return {
      sessions: this.sessions.live(),
      nonces: this.nonces.live().map(([nonce, , expiresAt]) => [nonce, expiresAt]),
    };
  }

  /** Takes back what a snapshot held (entries expired since are dropped as they are read). */
  async restore({ sessions, nonces }: SessionStoreSnapshot): Promise<void> {
    for (const [nonce, expiresAt] of nonces) await this.useNonce(nonce, expiresAt);
    for (const [id, record, expiresAt] of sessions) await this.openSession(id, record, expiresAt);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
