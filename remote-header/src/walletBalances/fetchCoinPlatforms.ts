import { coinListOf, marketGet, type CoinListEntry } from '@token-portfolio/shared';

/**
 * GET /coins/list?include_platform=true: every coin with its contracts, in one answer of
 * thousands of coins, through the door. Cache it (CACHE_TIMES.coinPlatforms, memory
 * only): it is large and changes slowly.
 */
export async function fetchCoinPlatforms(signal?: AbortSignal): Promise<CoinListEntry[]> {
  return coinListOf(await marketGet(['coins', 'list'], { include_platform: true }, signal));
}
