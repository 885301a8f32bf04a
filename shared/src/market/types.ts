import type { SearchCoin } from './schemas';

export type { CoinMarket, PriceSeries, SearchCoin } from './schemas';

/** A /search answer after the door: the coins checked, the other lists as they came. */
export interface SearchResponse {
  coins: SearchCoin[];
  exchanges: unknown[];
  icos: unknown[];
  categories: unknown[];
  nfts: unknown[];
}

/** A page of a paged list (SPEC section 3: data plus pagination). */
export interface PageResult<T> {
  data: T[];
  pagination: { currentPage: number; perPage: number; hasNextPage: boolean; hasPrevPage: boolean };
}
