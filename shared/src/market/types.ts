/** A coin as CoinGecko's /coins/markets returns it (SPEC section 3). Untrusted text. */
export interface CoinMarket {
  id: string;
  symbol: string;
  name: string;
  image: string | null;
  current_price: number | null;
  market_cap: number | null;
  market_cap_rank: number | null;
  fully_diluted_valuation: number | null;
  total_volume: number | null;
  high_24h: number | null;
  low_24h: number | null;
  price_change_24h: number | null;
  price_change_percentage_24h: number | null;
  market_cap_change_24h: number | null;
  market_cap_change_percentage_24h: number | null;
  circulating_supply: number | null;
  total_supply: number | null;
  max_supply: number | null;
  ath: number | null;
  ath_change_percentage: number | null;
  ath_date: string | null;
  atl: number | null;
  atl_change_percentage: number | null;
  atl_date: string | null;
  roi: { times: number; currency: string; percentage: number } | null;
  last_updated: string | null;
  sparkline_in_7d?: { price: number[] } | null;
  price_change_percentage_24h_in_currency?: number | null;
}

/** One coin of a /search answer. The image may come under any of these names. */
export interface SearchCoin {
  id: string;
  name: string;
  symbol: string;
  api_symbol?: string;
  market_cap_rank?: number | null;
  image?: string | null;
  large?: string | null;
  thumb?: string | null;
  icon?: string | null;
}

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

/**
 * One coin of /coins/list?include_platform=true: its contract address on each platform
 * (CoinGecko's asset-platform ids, e.g. 'ethereum', 'base'). Untrusted: an address may be
 * empty, null or not an address at all.
 */
export interface CoinListEntry {
  id: string;
  symbol: string;
  name: string;
  platforms: Record<string, string | null>;
}
