import type { SearchCoin } from './schemas';

export type { CoinListEntry, CoinMarket, PriceSeries, SearchCoin } from './schemas';

/** A /search answer after the door: the coins checked, the other lists as they came. */
export interface SearchResponse {
  coins: SearchCoin[];
  exchanges: unknown[];
  icos: unknown[];
  categories: unknown[];
  nfts: unknown[];
}
