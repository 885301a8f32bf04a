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
