import { LRUCache } from 'lru-cache';

const MINUTE_MS = 60_000;
/** Client addresses remembered at once; the least recently seen are forgotten first. */
const MAX_CLIENTS = 10_000;

/**
 * At most `perMinute` events per client address in any 60 s (a sliding window). Used for
 * searches that need an upstream call, so one visitor cannot spend everyone's budget.
 */
export class ClientRateLimiter {
  readonly #recent = new LRUCache<string, number[]>({ max: MAX_CLIENTS, ttl: MINUTE_MS });

  constructor(private readonly perMinute: number) {}

  /** Counts one event for the client; null when allowed, else ms until one would be. */
  take(client: string): number | null {
    const now = Date.now();
    const recent = (this.#recent.get(client) ?? []).filter((at) => at > now - MINUTE_MS);
    const oldest = recent[recent.length - this.perMinute];
    if (oldest !== undefined) return oldest + MINUTE_MS - now;
    recent.push(now);
    this.#recent.set(client, recent);
    return null;
  }
}
