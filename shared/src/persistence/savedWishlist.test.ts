import { coinRecord } from '../testing/coinRecord';
import { seriesStepHours } from './priceSeries';
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
    // The latest price survives, so the watchlist shows the same last point.
    expect(series.at(-1)).toBeCloseTo(1002 + 167 / 100);
  });

  it('keeps every 4th hour counted back from the latest, and records the step', () => {
    const hourly = week(1000);
    const loaded = parseSavedWishlist(serializeSavedWishlist(watchedCoins(1)));
    const coin = loaded.entities['coin-0'] ?? null;
    const series = isLoadedCoin(coin) ? coin.sparkline_in_7d : null;
    expect(seriesStepHours(series)).toBe(4);
    const thinned = series?.price ?? [];
    // Point i of n is at last_updated − (n − 1 − i) × 4 h: the hourly point of that time.
    thinned.forEach((price, i) => {
      const hoursBeforeLatest = (thinned.length - 1 - i) * 4;
      expect(price).toBe(hourly[hourly.length - 1 - hoursBeforeLatest]);
    });
    expect(thinned).toHaveLength(42);
  });

  it('keeps a short hourly series whole, and it stays hourly', () => {
    const young = watchedCoins(1);
    const coin = young.entities['coin-0'] ?? null;
    if (!isLoadedCoin(coin)) throw new Error('no coin');
    coin.sparkline_in_7d = { price: week(1000).slice(-48) };
    const loaded = parseSavedWishlist(serializeSavedWishlist(young)).entities['coin-0'] ?? null;
    const series = isLoadedCoin(loaded) ? loaded.sparkline_in_7d : null;
    expect(series?.price).toEqual(week(1000).slice(-48));
    expect(seriesStepHours(series)).toBe(1);
  });

  it('saves the same text again after a load (no endless re-save between tabs)', () => {
    const text = serializeSavedWishlist(watchedCoins(2));
    expect(serializeSavedWishlist(parseSavedWishlist(text))).toBe(text);
  });
});
