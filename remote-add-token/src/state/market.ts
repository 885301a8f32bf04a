import {
  getMarketSettings,
  type CoinMarket,
  type PageResult,
  type SearchResponse,
} from '@token-portfolio/shared';

/** The two market calls this remote makes; the sagas get them as an argument. */
export interface AddTokenMarket {
  fetchTrendingPage(page: number, signal: AbortSignal): Promise<PageResult<CoinMarket>>;
  searchCoins(query: string, signal: AbortSignal): Promise<SearchResponse>;
}

export const TRENDING_PAGE_SIZE = 12;

// TEMPORARY until the shared market client lands: a bare fetch, no cache, no retries.
async function getJson<T>(path: string, params: Record<string, string>, signal: AbortSignal) {
  const { baseUrl } = getMarketSettings();
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Request failed with status ${response.status}`);
  return (await response.json()) as T;
}

export const sharedMarket: AddTokenMarket = {
  async fetchTrendingPage(page, signal) {
    const data = await getJson<CoinMarket[]>(
      'coins/markets',
      { vs_currency: 'usd', page: String(page), per_page: String(TRENDING_PAGE_SIZE) },
      signal,
    );
    return {
      data,
      pagination: {
        currentPage: page,
        perPage: TRENDING_PAGE_SIZE,
        hasNextPage: data.length === TRENDING_PAGE_SIZE,
        hasPrevPage: page > 1,
      },
    };
  },
  searchCoins(query, signal) {
    return getJson<SearchResponse>('search', { query }, signal);
  },
};
