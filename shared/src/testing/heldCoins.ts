import { coinRecord } from '../fixtures/coinRecord';
import type { CoinMarket } from '../market/types';
import { computeValue } from '../wishlist/value';
import type { WatchedCoin, WishlistState } from '../wishlist/wishlistSlice';

/** When the test coins' prices were fetched, unless a test says otherwise. */
export const FETCHED_AT = Date.UTC(2025, 9, 15, 12, 0, 0);

export const hoursBefore = (time: number, hours: number) => time - hours * 3_600_000;

export type HeldCoin = WatchedCoin & { id: string };

/** A watched coin as the store holds it after prices arrived, its value by the value rule. */
export function heldCoin(id: string, holdings: string, fields: Partial<CoinMarket> = {}): HeldCoin {
  const coin = coinRecord({
    id,
    current_price: 1,
    last_updated: new Date(FETCHED_AT).toISOString(),
    ...fields,
  });
  return { ...coin, holdings, value: computeValue(holdings, coin.current_price) };
}

export const wishlistOf = (...coins: HeldCoin[]): WishlistState => ({
  ids: coins.map((coin) => coin.id),
  entities: Object.fromEntries(coins.map((coin) => [coin.id, coin])),
});
