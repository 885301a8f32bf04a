import { coinRecord } from '../testing/coinRecord';
import { computeValue } from '../wishlist/value';
import { isLoadedCoin, type WishlistEntity } from '../wishlist/wishlistSlice';
import { parseSavedWishlist, serializeSavedWishlist } from './savedWishlist';

const week = (price: number) => Array.from({ length: 168 }, (_, hour) => price + hour / 100);

function watchedCoins(count: number) {
  const ids = Array.from({ length: count }, (_, i) => `coin-${i}`);
  const entities: Record<string, WishlistEntity> = {};
  for (const [i, id] of ids.entries()) {
    const price = 1000 + i;
    entities[id] = {
      ...coinRecord({
        id,
        name: `Coin ${i}`,
        current_price: price,
        image: `https://img.example/${id}.png`,
      }),
      sparkline_in_7d: { price: week(price) },
      holdings: String(i),
      value: computeValue(String(i), price),
    };
  }
  return { ids, entities, edits: {} };
}

describe('saved wishlist', () => {
  it('keeps 1,000 watched tokens well inside localStorage (about 5 MB)', () => {
    const text = serializeSavedWishlist(watchedCoins(1000));
    expect(text.length).toBeLessThan(2_000_000);
  });

  it('round-trips ids, holdings and prices, with the 7-day series thinned for the first paint', () => {
    const saved = watchedCoins(3);
    const loaded = parseSavedWishlist(serializeSavedWishlist(saved));
    expect(loaded.ids).toEqual(saved.ids);
    const coin = loaded.entities['coin-2'] ?? null;
    if (!isLoadedCoin(coin)) throw new Error('coin-2 did not load');
    expect(coin.holdings).toBe('2');
    expect(coin.current_price).toBe(1002);
    const series = coin.sparkline_in_7d?.price ?? [];
    expect(series.length).toBeGreaterThan(40);
    expect(series.length).toBeLessThan(168);
    // The first and latest prices survive, so the trend colour stays the same.
    expect(series[0]).toBe(1002);
    expect(series.at(-1)).toBeCloseTo(1002 + 167 / 100);
  });

  it('saves the same text again after a load (no endless re-save between tabs)', () => {
    const text = serializeSavedWishlist(watchedCoins(2));
    expect(serializeSavedWishlist(parseSavedWishlist(text))).toBe(text);
  });
});
