import { coinsOf, marketGet, type CoinMarket } from '@token-portfolio/shared';

/** GET /coins/markets: the first `count` coins by market cap (CoinGecko's default order). */
export async function fetchLargestCoins(
  count: number,
  signal?: AbortSignal,
): Promise<CoinMarket[]> {
  const answer = await marketGet(
    ['coins', 'markets'],
    { vs_currency: 'usd', per_page: count, page: 1 },
    signal,
  );
  return coinsOf(answer);
}
