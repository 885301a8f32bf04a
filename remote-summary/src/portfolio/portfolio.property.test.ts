import { HOUR_MS, type LoadedCoin } from '@token-portfolio/shared';
import { FETCHED_AT, datedCoin, hoursBefore } from '@token-portfolio/shared/testing';
import fc from 'fast-check';
import { HISTORY_WINDOW_MS, portfolioHistory } from './portfolioHistory';
import { portfolioChange } from './portfolioChange';

/** Any holdings text a visitor can type or a saved state can hold. */
const holdingsText = fc.oneof(
  fc.string(),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom('', ' ', '1e400', '-1e308', '1e308', '-5', 'NaN', 'Infinity', '0x10', '1,5'),
);

/** Any number an untrusted answer or saved state may put where a price should be. */
const untrustedNumber = fc.oneof(
  fc.double(),
  fc.double({ min: 1e-9, max: 1e6, noNaN: true }),
  fc.constantFrom(null, Number.NaN, Infinity, -Infinity, 0, Number.MAX_VALUE),
);

const untrustedCoin = fc
  .record({
    holdings: holdingsText,
    price: untrustedNumber,
    change: untrustedNumber,
    series: fc.option(fc.array(untrustedNumber, { maxLength: 200 })),
    stepHours: fc.option(fc.oneof(fc.double(), fc.integer({ min: -2, max: 30 }))),
    lagMinutes: fc.integer({ min: -20_000, max: 20_000 }),
    undated: fc.boolean(),
  })
  .map(({ holdings, price, change, series, stepHours, lagMinutes, undated }) => ({
    holdings,
    fields: {
      current_price: price,
      price_change_percentage_24h: change,
      last_updated: undated
        ? 'not a date'
        : new Date(FETCHED_AT - lagMinutes * 60_000).toISOString(),
      sparkline_in_7d:
        series === null
          ? null
          : { price: series as number[], ...(stepHours === null ? {} : { step_hours: stepHours }) },
    },
  }));

const untrustedCoins = fc
  .array(untrustedCoin, { maxLength: 8 })
  .map((coins) => coins.map(({ holdings, fields }, i) => datedCoin(`coin-${i}`, holdings, fields)));

describe('portfolioHistory, for any holdings text and any series', () => {
  it('gives only finite values above zero, in time order on one grid within 7 days', () => {
    fc.assert(
      fc.property(untrustedCoins, (coins) => {
        const { points, stepMs, high, low } = portfolioHistory(coins);
        expect(Number.isFinite(stepMs) && stepMs >= HOUR_MS).toBe(true);
        for (const point of points) {
          expect(Number.isFinite(point.value)).toBe(true);
          expect(point.value).toBeGreaterThan(0);
          expect(Number.isFinite(point.time)).toBe(true);
        }
        const last = points.at(-1);
        for (const [i, point] of points.entries()) {
          if (!last) break;
          expect((last.time - point.time) % stepMs).toBe(0);
          if (i > 0) expect(point.time).toBeGreaterThan(points[i - 1]?.time ?? Infinity);
        }
        if (last && points[0])
          expect(last.time - points[0].time).toBeLessThanOrEqual(HISTORY_WINDOW_MS);
        expect(high?.value).toBe(
          points.length ? Math.max(...points.map((p) => p.value)) : undefined,
        );
        expect(low?.value).toBe(
          points.length ? Math.min(...points.map((p) => p.value)) : undefined,
        );
      }),
      // Most random holdings texts are not numbers: more runs give enough non-empty histories.
      { numRuns: 400 },
    );
  });
});

/** A coin with a clean hourly series, fetched `lag` hours before FETCHED_AT. */
const cleanCoin = fc.record({
  amount: fc.integer({ min: 1, max: 1_000_000 }),
  lag: fc.integer({ min: 0, max: 240 }),
  prices: fc.array(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), {
    minLength: 1,
    maxLength: 200,
  }),
});

describe('portfolioHistory aligns series by time, not by index', () => {
  it('at each hour, adds the price each coin had at that hour (its latest once past it)', () => {
    fc.assert(
      fc.property(fc.array(cleanCoin, { minLength: 1, maxLength: 6 }), (clean) => {
        const coins: LoadedCoin[] = clean.map(({ amount, lag, prices }, i) => ({
          ...datedCoin(`coin-${i}`, String(amount)),
          last_updated: new Date(hoursBefore(FETCHED_AT, lag)).toISOString(),
          sparkline_in_7d: { price: prices },
        }));
        const { points, stepMs } = portfolioHistory(coins);
        expect(stepMs).toBe(HOUR_MS);

        // The oracle, by time arithmetic alone: coin c's price i is (lag + n − 1 − i) h old.
        const newest = Math.min(...clean.map((c) => c.lag));
        const oldest = Math.max(...clean.map((c) => c.lag + c.prices.length - 1));
        const hours = Math.min(oldest - newest, 168);
        expect(points).toHaveLength(hours + 1);
        const misplaced = [];
        for (let k = 0; k <= hours; k += 1) {
          const hoursAgo = newest + k;
          let expected = 0;
          for (const { amount, lag, prices } of clean) {
            const index = prices.length - 1 - Math.max(0, hoursAgo - lag);
            if (index >= 0) expected += amount * (prices[index] ?? Number.NaN);
          }
          const point = points[hours - k];
          const time = hoursBefore(FETCHED_AT, hoursAgo);
          const value = point?.value ?? Number.NaN;
          if (point?.time !== time || !(Math.abs(value - expected) <= expected * 1e-12)) {
            misplaced.push({ hoursAgo, point, expected });
          }
        }
        expect(misplaced).toEqual([]);
      }),
    );
  });
});

describe('portfolioChange, for any holdings text, price and 24h change', () => {
  it('is finite or absent, dollars and percent share their sign, and left-out coins are counted', () => {
    fc.assert(
      fc.property(untrustedCoins, (coins) => {
        const { dollars, percent, leftOut } = portfolioChange(coins);
        expect(Number.isInteger(leftOut) && leftOut >= 0 && leftOut <= coins.length).toBe(true);
        expect(dollars === null).toBe(percent === null);
        if (dollars === null || percent === null) return;
        expect(Number.isFinite(dollars)).toBe(true);
        expect(Number.isFinite(percent)).toBe(true);
        expect(percent).toBeGreaterThan(-100);
        expect(Math.sign(dollars)).toBe(Math.sign(percent));
      }),
    );
  });
});
