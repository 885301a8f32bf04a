import { LRUCache } from 'lru-cache';

/** One cached answer: a coin's record or a whole answer, as JSON text, with its fetch time. */
export interface CacheEntry {
  /** null: a coin the upstream does not know (cached too, so it is not asked again). */
  text: string | null;
  fetchedAt: number;
}

export type AnswerCache = LRUCache<string, CacheEntry>;

/** Bookkeeping per entry on top of its text (key, times, the LRU's links), roughly. */
const ENTRY_OVERHEAD_BYTES = 100;

/**
 * The gateway's one cache, shared by all visitors: entries are kept for their keep time
 * (given on each set) and, above maxBytes of text, the least recently used go first.
 */
export function createAnswerCache(maxBytes: number): AnswerCache {
  return new LRUCache<string, CacheEntry>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => key.length + (entry.text?.length ?? 0) + ENTRY_OVERHEAD_BYTES,
    // Every set names its own keep time; this is only the longest there is.
    ttl: 7 * 24 * 3_600_000,
    updateAgeOnGet: false,
  });
}

/** One entry to keep, for `keepMs` (served stale that long when upstream fails). */
export interface StoredEntry {
  key: string;
  entry: CacheEntry;
  keepMs: number;
}

/**
 * Where the gateway keeps market data: this process's cache (MemoryMarketStore), or Redis
 * shared by every server with this cache in front (sharedState/sharedMarketStore.ts).
 */
export interface MarketStore {
  /** The newest entry held for each key; one fresh for `freshMs` is taken from memory. */
  read(keys: readonly string[], freshMs: number): Promise<Map<string, CacheEntry>>;
  write(entries: readonly StoredEntry[]): Promise<void>;
  /** The text held in this process. */
  usage(): { bytes: number; entries: number };
}

/** The market data of this process alone (the embedded default). */
export class MemoryMarketStore implements MarketStore {
  readonly cache: AnswerCache;

  constructor(maxBytes: number) {
    this.cache = createAnswerCache(maxBytes);
  }

  async read(keys: readonly string[]): Promise<Map<string, CacheEntry>> {
    return new Map(keys.flatMap((key) => entryOf(this.cache, key)));
  }

  async write(entries: readonly StoredEntry[]): Promise<void> {
    for (const { key, entry, keepMs } of entries) this.cache.set(key, entry, { ttl: keepMs });
  }

  usage() {
    return { bytes: this.cache.calculatedSize, entries: this.cache.size };
  }
}

/** [[key, entry]] when the cache holds it, else []. */
export function entryOf(cache: AnswerCache, key: string): [string, CacheEntry][] {
  const entry = cache.get(key);
  return entry ? [[key, entry]] : [];
}
