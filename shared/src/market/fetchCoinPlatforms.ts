import { marketGet } from './client';
import type { CoinListEntry } from './types';

/**
 * GET /coins/list?include_platform=true: every coin with its contracts, in one answer of
 * thousands of coins. Cache it (CACHE_TIMES.coinPlatforms, memory only): it is large and
 * changes slowly.
 */
export function fetchCoinPlatforms(signal?: AbortSignal): Promise<CoinListEntry[]> {
  return marketGet<CoinListEntry[]>(['coins', 'list'], { include_platform: true }, signal);
}
