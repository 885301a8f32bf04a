import { marketGet } from './client';
import type { CoinMarket } from './types';

/** GET /coins/markets: the first `count` coins by market cap (CoinGecko's default order). */
export function fetchLargestCoins(count: number, signal?: AbortSignal): Promise<CoinMarket[]> {
  return marketGet<CoinMarket[]>(
    ['coins', 'markets'],
    { vs_currency: 'usd', order: 'market_cap_desc', per_page: count, page: 1 },
    signal,
  );
}
