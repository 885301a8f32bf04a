import { coinRecord } from './coinRecord';
import type { CoinMarket } from '../market/types';
import { computeValue } from '../wishlist/value';
import type { LoadedCoin } from '../wishlist/wishlistSlice';

/** When the test coins' prices were fetched, unless a test says otherwise. */
export const FETCHED_AT = Date.UTC(2025, 9, 15, 12, 0, 0);

export const hoursBefore = (time: number, hours: number) => time - hours * 3_600_000;

/**
 * A watched coin as the store holds it after prices arrived at FETCHED_AT, with these
 * holdings (any text) and its value by the value rule: for tests of series over time.
 */
export function datedCoin(
  id: string,
  holdings: string,
  fields: Partial<CoinMarket> = {},
): LoadedCoin {
  const coin = coinRecord({
    id,
    current_price: 1,
    last_updated: new Date(FETCHED_AT).toISOString(),
    ...fields,
  });
  return { ...coin, holdings, value: computeValue(holdings, coin.current_price) };
}
