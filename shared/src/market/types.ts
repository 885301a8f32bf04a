export type { CoinListEntry, CoinMarket, PriceSeries, SearchCoin, SearchResponse } from './schemas';

/** A page of a paged list (docs/product.md#holdings-and-value: data plus pagination). */
export interface PageResult<T> {
  data: T[];
  pagination: { currentPage: number; perPage: number; hasNextPage: boolean; hasPrevPage: boolean };
}

/**
 * One coin of /coins/list?include_platform=true: its contract address on each platform
 * (CoinGecko's asset-platform ids, e.g. 'ethereum', 'base'). Untrusted: an address may be
 * empty, null or not an address at all.
 */
