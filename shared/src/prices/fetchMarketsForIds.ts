import { marketGet } from '../market/client';
import { coinsOf } from '../market/schemas';
import type { CoinMarket } from '../market/types';

/** SPEC section 9: the most ids one coins/markets request may ask for. */
export const PRICE_BATCH_SIZE = 250;

/** The ids in batches of 250. */
export function priceBatches(ids: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += PRICE_BATCH_SIZE) {
    batches.push(ids.slice(i, i + PRICE_BATCH_SIZE));
  }
  return batches;
}

/** Market data for one batch of at most 250 ids, in the requested order, null when missing. */
export async function fetchMarketsBatch(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<(CoinMarket | null)[]> {
  const answer = await marketGet(
    ['coins', 'markets'],
    {
      vs_currency: 'usd',
      ids: ids.join(','),
      per_page: ids.length,
      page: 1,
      sparkline: true,
      price_change_percentage: '24h',
    },
    signal,
  );
  const byId = new Map(coinsOf(answer).map((coin) => [coin.id, coin]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** Market data for any number of ids: batches of 250 fetched concurrently, requested order. */
export async function fetchMarketsForIds(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<(CoinMarket | null)[]> {
  const results = await Promise.all(
    priceBatches(ids).map((batch) => fetchMarketsBatch(batch, signal)),
  );
  return results.flat();
}
