import { coinsOf, marketGet, type CoinMarket } from '@token-portfolio/shared';

export const TRENDING_PAGE_SIZE = 12;

/** A page of a paged list (docs/product.md#holdings-and-value: data plus pagination). */
export interface PageResult<T> {
  data: T[];
  pagination: { currentPage: number; perPage: number; hasNextPage: boolean; hasPrevPage: boolean };
}

/** One page of the coins list by market cap (the modal's 'Trending'). */
export async function fetchTrendingPage(
  page: number,
  signal?: AbortSignal,
): Promise<PageResult<CoinMarket>> {
  const answer = await marketGet(
    ['coins', 'markets'],
    { vs_currency: 'usd', page, per_page: TRENDING_PAGE_SIZE },
    signal,
  );
  const data = coinsOf(answer);
  return {
    data,
    pagination: {
      currentPage: page,
      perPage: TRENDING_PAGE_SIZE,
      // docs/product.md#market-data: a full page means there may be more (counted before the door, so
      // one malformed coin does not end the list).
      hasNextPage: Array.isArray(answer) && answer.length === TRENDING_PAGE_SIZE,
      hasPrevPage: page > 1,
    },
  };
}
