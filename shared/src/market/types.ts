export type { CoinListEntry, CoinMarket, PriceSeries, SearchCoin, SearchResponse } from './schemas';
