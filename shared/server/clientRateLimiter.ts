/**
 * At most N events per visitor in any window: counted in this process (ClientRateLimiter)
 * or by every server together (the composed server's shared state): null when allowed and
 * counted, else the ms until one would be.
 */
export interface VisitorLimit {
  take(visitor: string): Promise<number | null> | number | null;
}

/** Visitors remembered at once; the least recently seen are forgotten first. */
const MAX_CLIENTS = 10_000;

/**
 * At most `limit` events per visitor in any `windowMs` (a sliding window), so that one
 * visitor cannot spend what is shared by everyone (the market budget, the sign-in stores).
 * Visitors are keyed by visitorKey (an IPv6 visitor by its /64). Its own memory is bounded.
 */
export class ClientRateLimiter implements VisitorLimit {
  /** Each visitor's events in the window, least recently counted visitor first. */
  readonly #recent = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number = 60_000,
  ) {}

  /** Counts one event for the visitor; null when allowed, else ms until one would be. */
  take(client: string): number | null {
    const waitMs = this.waitMs(client);
    if (waitMs !== null) return waitMs;
    const now = Date.now();
    const recent = this.#recent.get(client) ?? [];
    recent.push(now);
    // Re-inserted, so the Map's order is the order of last use: the first is forgotten.
    this.#recent.delete(client);
    this.#recent.set(client, recent);
    if (this.#recent.size > MAX_CLIENTS) {
      const [leastRecent] = this.#recent.keys();
      if (leastRecent !== undefined) this.#recent.delete(leastRecent);
    }
    return null;
  }

  /** Ms until the visitor may have one more event; null when it may now (nothing counted). */
  waitMs(client: string): number | null {
    const now = Date.now();
    const recent = (this.#recent.get(client) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length === 0) this.#recent.delete(client);
    else if (this.#recent.has(client)) this.#recent.set(client, recent);
    const oldest = recent[recent.length - this.limit];
    return oldest === undefined ? null : oldest + this.windowMs - now;
  }
}
