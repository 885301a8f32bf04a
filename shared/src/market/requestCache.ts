/** docs/product.md#market-data: how long an answer stays fresh and how long it is kept at all. */
export interface CacheTimes {
  staleMs: number;
  keepMs: number;
}

export const CACHE_TIMES = {
  watchedPrices: { staleMs: 1_000, keepMs: 300_000 },
  search: { staleMs: 60_000, keepMs: 300_000 },
  trending: { staleMs: 120_000, keepMs: 300_000 },
  /** The largest coins by market cap: the spec's default times. */
  largestCoins: { staleMs: 60_000, keepMs: 300_000 },
  /** /coins/list with platforms: thousands of coins that change slowly, kept a day. */
  coinPlatforms: { staleMs: 86_400_000, keepMs: 86_400_000 },
} as const satisfies Record<string, CacheTimes>;

export interface CachedAnswer<T> {
  data: T;
  fetchedAt: number;
  /** False when this call sent the request; true for a fresh or shared in-flight answer. */
  fromCache: boolean;
}

interface Entry {
  data?: unknown;
  fetchedAt?: number;
  keepMs: number;
  inFlight?: Promise<CachedAnswer<unknown>>;
}

/**
 * Answers keyed by request, with their fetch time: a fresh answer is reused, an identical
 * request in flight is shared, and a failure keeps the last answer for the next try.
 */
export class RequestCache {
  readonly #entries = new Map<string, Entry>();
  // Date.now is looked up at each call, not kept: a test that moves the clock moves this cache's.
  constructor(private readonly now: () => number = () => Date.now()) {}

  fetch<T>(key: string, request: () => Promise<T>, times: CacheTimes): Promise<CachedAnswer<T>> {
    this.#evict();
    const entry = this.#entries.get(key);
    if (entry?.fetchedAt !== undefined && this.now() - entry.fetchedAt < times.staleMs) {
      return Promise.resolve({
        data: entry.data as T,
        fetchedAt: entry.fetchedAt,
        fromCache: true,
      });
    }
    if (entry?.inFlight) {
      return entry.inFlight.then((answer) => ({
        ...answer,
        data: answer.data as T,
        fromCache: true,
      }));
    }
    const next: Entry = { ...entry, keepMs: times.keepMs };
    const inFlight = request().then(
      (data) => {
        const fetchedAt = this.now();
        this.#entries.set(key, { data, fetchedAt, keepMs: times.keepMs });
        return { data, fetchedAt, fromCache: false };
      },
      (error: unknown) => {
        delete next.inFlight;
        throw error;
      },
    );
    next.inFlight = inFlight;
    this.#entries.set(key, next);
    return inFlight;
  }

  /** The last answer for a request, fresh or stale, while it is kept; null otherwise. */
  peek<T>(key: string): { data: T; fetchedAt: number } | null {
    this.#evict();
    const entry = this.#entries.get(key);
    return entry?.fetchedAt === undefined
      ? null
      : { data: entry.data as T, fetchedAt: entry.fetchedAt };
  }

  clear(): void {
    this.#entries.clear();
  }

  #evict(): void {
    const now = this.now();
    for (const [key, entry] of this.#entries) {
      const expired = entry.fetchedAt === undefined || now - entry.fetchedAt > entry.keepMs;
      if (expired && !entry.inFlight) this.#entries.delete(key);
    }
  }
}

/** The page's one cache of market answers, shared by every saga. */
export const marketCache = new RequestCache();
