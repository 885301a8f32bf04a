import {
  CACHE_TIMES,
  marketCache,
  type CoinMarket,
  type SearchResponse,
} from '@token-portfolio/shared';
import { fetchTrendingPage, TRENDING_PAGE_SIZE, type PageResult } from './fetchTrendingPage';
import { searchCoins } from './searchCoins';

// Through the page's one request cache: a fresh answer is reused (search 60 s, trending
// 120 s), so the same query again, or coming back to Trending, sends nothing.

export async function cachedTrendingPage(page: number): Promise<PageResult<CoinMarket>> {
  const answer = await marketCache.fetch(
    `coins/markets?vs_currency=usd&page=${page}&per_page=${TRENDING_PAGE_SIZE}`,
    () => fetchTrendingPage(page),
    CACHE_TIMES.trending,
  );
  return answer.data;
}

export async function cachedSearch(query: string): Promise<SearchResponse> {
  const answer = await marketCache.fetch(
    `search?query=${query}`,
    () => searchCoins(query),
    CACHE_TIMES.search,
  );
  return answer.data;
}
