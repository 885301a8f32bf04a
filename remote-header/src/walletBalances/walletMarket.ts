import { CACHE_TIMES, marketCache, type CoinMarket } from '@token-portfolio/shared';
import { fetchCoinPlatforms } from './fetchCoinPlatforms';
import { fetchLargestCoins } from './fetchLargestCoins';

// Through the page's one request cache, in memory only: the coin list (thousands of coins)
// is kept a day, the largest coins 60 s, so opening the dialog again sends nothing new.

export async function cachedCoinList(): Promise<unknown> {
  const answer = await marketCache.fetch(
    'coins/list?include_platform=true',
    () => fetchCoinPlatforms(),
    CACHE_TIMES.coinPlatforms,
  );
  return answer.data;
}

export async function cachedLargestCoins(count: number): Promise<CoinMarket[]> {
  const answer = await marketCache.fetch(
    `coins/markets?vs_currency=usd&per_page=${count}&page=1`,
    () => fetchLargestCoins(count),
    CACHE_TIMES.largestCoins,
  );
  return answer.data;
}
