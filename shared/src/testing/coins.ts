import type { CoinMarket } from '../market/types';
import { computeValue } from '../wishlist/value';
import type { LoadedCoin, WishlistState } from '../wishlist/wishlistSlice';
import { coinRecord } from './coinRecord';

/** A 168-point hourly series from start to end with a gentle wave, like CoinGecko's. */
export function weekOfPrices(start: number, end: number): number[] {
  return Array.from({ length: 168 }, (_, hour) => {
    const trend = start + ((end - start) * hour) / 167;
    const wave = hour === 0 || hour === 167 ? 0 : Math.sin(hour / 9) * Math.abs(start) * 0.01;
    return trend + wave;
  });
}

/** A complete /coins/markets record, as the API would send it. */
export function marketCoin(
  id: string,
  name: string,
  symbol: string,
  price: number | null,
  change24h: number | null,
  overrides: Partial<CoinMarket> = {},
): CoinMarket {
  return coinRecord({
    id,
    symbol,
    name,
    image: `https://assets.example/coins/${id}.png`,
    current_price: price,
    market_cap: 1_000_000_000,
    market_cap_rank: 1,
    total_volume: 10_000_000,
    high_24h: price,
    low_24h: price,
    price_change_percentage_24h: change24h,
    last_updated: '2025-10-15T12:00:00.000Z',
    sparkline_in_7d: price === null ? null : { price: weekOfPrices(price * 0.95, price) },
    ...overrides,
  });
}

/** The coin as the wishlist holds it with these holdings: its value follows the one rule. */
export function watched(coin: CoinMarket, holdings: string): LoadedCoin {
  return { ...coin, holdings, value: computeValue(holdings, coin.current_price) };
}

/**
 * A watched coin worth `value` (at a price of 1, holdings are the value): for tests of
 * totals and shares. Named after its id ('solana' is 'Solana', 'sol').
 */
export function heldCoin(
  id: string,
  value: number | null,
  fields: Partial<LoadedCoin> = {},
): LoadedCoin {
  return {
    ...coinRecord({ id }),
    name: id.charAt(0).toUpperCase() + id.slice(1),
    symbol: id.slice(0, 3),
    current_price: 1,
    holdings: String(value ?? 0),
    value,
    last_updated: '2025-10-15T12:00:00.000Z',
    ...fields,
  };
}

export const ethereum = marketCoin('ethereum', 'Ethereum', 'eth', 4000.5, 2.345);
export const solana = marketCoin('solana', 'Solana', 'sol', 190.12, -3.1, {
  sparkline_in_7d: { price: weekOfPrices(210, 190.12) },
});

/** A wishlist state from watched coins, in order; an id alone stands for data not yet loaded. */
export function wishlistOf(...items: (LoadedCoin | string)[]): WishlistState {
  const state: WishlistState = { ids: [], entities: {} };
  for (const item of items) {
    const id = typeof item === 'string' ? item : (item.id ?? '');
    state.ids.push(id);
    state.entities[id] = typeof item === 'string' ? null : item;
  }
  return state;
}

/** n loaded tokens named Token 1..n, each holding 1 at a price of its number. */
export function manyTokens(count: number): WishlistState {
  return wishlistOf(
    ...Array.from({ length: count }, (_, index) =>
      watched(
        marketCoin(`token-${index + 1}`, `Token ${index + 1}`, `t${index + 1}`, index + 1, 0),
        '1',
      ),
    ),
  );
}
