import {
  createAppStore,
  HOUR_MS,
  setCoinsData,
  updateHoldings,
  type LoadedCoin,
} from '@token-portfolio/shared';
import {
  FETCHED_AT,
  coinRecord,
  datedCoin,
  hoursBefore,
  savedAndLoaded,
  wishlistOf,
} from '@token-portfolio/shared/testing';
import {
  portfolioHistory,
  portfolioHistoryInSlices,
  selectPortfolioHistory,
} from './portfolioHistory';

const HOURS_IN_WEEK = 168;

/** Hourly prices: `price(hoursAgo)` for the hours from `length - 1` ago to now. */
const hourly = (length: number, price: (hoursAgo: number) => number) =>
  Array.from({ length }, (_, i) => price(length - 1 - i));

const withSeries = (coin: LoadedCoin, prices: number[], lastUpdated = FETCHED_AT): LoadedCoin => ({
  ...coin,
  sparkline_in_7d: { price: prices },
  last_updated: new Date(lastUpdated).toISOString(),
});

const historyOf = (...coins: LoadedCoin[]) => portfolioHistory(coins);

/** The portfolio value at `hoursAgo` before FETCHED_AT, or undefined when there is none. */
const valueAt = (history: ReturnType<typeof historyOf>, hoursAgo: number) =>
  history.points.find((point) => point.time === hoursBefore(FETCHED_AT, hoursAgo))?.value;

describe('portfolioHistory', () => {
  it('adds up holdings times each hourly price, one point per hour up to the latest price', () => {
    const history = historyOf(
      withSeries(
        datedCoin('ethereum', '2'),
        hourly(HOURS_IN_WEEK, (ago) => 100 - ago / 10),
      ),
      withSeries(
        datedCoin('solana', '1.5'),
        hourly(HOURS_IN_WEEK, () => 40),
      ),
    );
    expect(history.stepMs).toBe(HOUR_MS);
    expect(history.points).toHaveLength(HOURS_IN_WEEK);
    expect(history.points.at(-1)).toEqual({ time: FETCHED_AT, value: 2 * 100 + 1.5 * 40 });
    expect(history.points[0]?.time).toBe(hoursBefore(FETCHED_AT, 167));
    expect(valueAt(history, 167)).toBeCloseTo(2 * (100 - 16.7) + 60);
    expect(valueAt(history, 24)).toBeCloseTo(2 * (100 - 2.4) + 60);
  });

  it('counts a coin listed three days ago only where it has prices', () => {
    const history = historyOf(
      withSeries(
        datedCoin('ethereum', '1'),
        hourly(HOURS_IN_WEEK, () => 100),
      ),
      withSeries(
        datedCoin('newcoin', '1'),
        hourly(72, () => 5),
      ),
    );
    expect(history.points).toHaveLength(HOURS_IN_WEEK);
    expect(valueAt(history, 167)).toBe(100);
    expect(valueAt(history, 72)).toBe(100);
    expect(valueAt(history, 71)).toBe(105);
    expect(valueAt(history, 0)).toBe(105);
  });

  it('keeps the points after a gap at their own times', () => {
    const prices = hourly(HOURS_IN_WEEK, (ago) => 1000 - ago);
    // Missing prices: the series is untrusted text, so anything may stand in a gap.
    prices.splice(100, 3, Number.NaN, null as unknown as number, 'x' as unknown as number);
    const history = historyOf(withSeries(datedCoin('ethereum', '1'), prices));
    expect(history.points).toHaveLength(HOURS_IN_WEEK);
    for (const ago of [0, 10, 64, 68, 100, 167]) expect(valueAt(history, ago)).toBe(1000 - ago);
    // The gap itself is bridged between the prices either side of it.
    expect(valueAt(history, 66)).toBeCloseTo(1000 - 66);
  });

  it('lines up coins fetched minutes apart and keeps the earlier price until the next one', () => {
    const history = historyOf(
      withSeries(
        datedCoin('ethereum', '1'),
        hourly(HOURS_IN_WEEK, () => 100),
      ),
      withSeries(
        datedCoin('solana', '1'),
        hourly(HOURS_IN_WEEK, (ago) => 10 + ago),
        FETCHED_AT - 2 * 60_000,
      ),
    );
    expect(history.points).toHaveLength(HOURS_IN_WEEK);
    // No drop at the end: solana keeps its latest price for the last two minutes.
    expect(valueAt(history, 0)).toBe(110);
    // Between two of solana's prices, its price is read proportionally in time.
    expect(valueAt(history, 5)).toBeCloseTo(100 + 10 + 5 - 2 / 60);
  });

  it('places a series thinned when saved at the times of the fresh series', () => {
    const fresh = wishlistOf(
      withSeries(
        datedCoin('ethereum', '2'),
        hourly(HOURS_IN_WEEK, (ago) => 3000 + ago ** 1.5),
      ),
      withSeries(
        datedCoin('solana', '10'),
        hourly(HOURS_IN_WEEK, (ago) => 150 - ago / 3),
      ),
    );
    const saved = savedAndLoaded(fresh);
    const freshHistory = portfolioHistory(fresh.ids.map((id) => fresh.entities[id]));
    const savedHistory = portfolioHistory(saved.ids.map((id) => saved.entities[id]));

    expect(savedHistory.stepMs).toBe(4 * HOUR_MS);
    expect(savedHistory.points).toHaveLength(42);
    for (const point of savedHistory.points) {
      const same = freshHistory.points.find((p) => p.time === point.time);
      expect(point.value).toBeCloseTo(same?.value ?? Number.NaN);
    }
  });

  it('reads a thinned series on the hourly grid of a fresh one between its own points', () => {
    const thinned: LoadedCoin = {
      ...datedCoin('ethereum', '1'),
      sparkline_in_7d: { price: [100, 104, 108], step_hours: 4 },
    };
    const history = historyOf(
      thinned,
      withSeries(
        datedCoin('solana', '1'),
        hourly(9, () => 1),
      ),
    );
    expect(history.stepMs).toBe(HOUR_MS);
    expect(history.points.map((p) => p.value)).toEqual([
      101, 102, 103, 104, 105, 106, 107, 108, 109,
    ]);
  });

  it('leaves out coins that are not part of the total', () => {
    const week = hourly(HOURS_IN_WEEK, () => 10);
    const history = historyOf(
      withSeries(datedCoin('counted', '1'), week),
      withSeries(datedCoin('none', '0'), week),
      withSeries(datedCoin('text', 'abc'), week),
      withSeries(datedCoin('negative', '-3'), week),
      withSeries(datedCoin('unpriced', '5', { current_price: null }), week),
      { ...datedCoin('undated', '5'), last_updated: null, sparkline_in_7d: { price: week } },
      datedCoin('no-series', '5'),
    );
    expect(new Set(history.points.map((p) => p.value))).toEqual(new Set([10]));
  });

  it('covers at most the 7 days before the latest price', () => {
    const history = historyOf(
      withSeries(
        datedCoin('ethereum', '1'),
        hourly(HOURS_IN_WEEK, () => 100),
      ),
      withSeries(
        datedCoin('stale', '1'),
        hourly(HOURS_IN_WEEK, () => 7),
        hoursBefore(FETCHED_AT, 72),
      ),
    );
    expect(history.points).toHaveLength(HOURS_IN_WEEK + 1);
    expect(history.points[0]?.time).toBe(hoursBefore(FETCHED_AT, HOURS_IN_WEEK));
    expect(valueAt(history, HOURS_IN_WEEK)).toBe(7);
    expect(valueAt(history, 0)).toBe(107);
  });

  it('gives the same history in slices, pausing after each slice of coins', () => {
    const coins = Array.from({ length: 7 }, (_, index) =>
      withSeries(
        datedCoin(`coin-${index}`, String(index + 1)),
        hourly(HOURS_IN_WEEK - index * 10, (hoursAgo) => 10 + index + hoursAgo / 7),
      ),
    );
    const steps = portfolioHistoryInSlices(coins, 3);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    expect(pauses).toBe(2);
    expect(step.value).toEqual(portfolioHistory(coins));
    expect(step.value.points).toHaveLength(HOURS_IN_WEEK);
  });

  it('reads each price a few times in all: a walk along the series, not a search per time', () => {
    let reads = 0;
    const counted = (prices: number[]) =>
      new Proxy(prices, {
        get(list, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
          return Reflect.get(list, key, receiver) as unknown;
        },
      });
    const coins = Array.from({ length: 3 }, (_, index) =>
      withSeries(
        datedCoin(`coin-${index}`, '1'),
        counted(hourly(HOURS_IN_WEEK, (hoursAgo) => 10 + index + hoursAgo)),
      ),
    );
    expect(historyOf(...coins).points).toHaveLength(HOURS_IN_WEEK);
    // 168 prices on 168 grid times: a search per time would read thousands per coin.
    expect(reads).toBeLessThanOrEqual(coins.length * 4 * HOURS_IN_WEEK);
  });

  it('names the highest and lowest points', () => {
    const history = historyOf(
      withSeries(
        datedCoin('ethereum', '1'),
        hourly(HOURS_IN_WEEK, (ago) => (ago === 30 ? 500 : 100 + (ago === 90 ? -50 : 0))),
      ),
    );
    expect(history.high).toEqual({ time: hoursBefore(FETCHED_AT, 30), value: 500 });
    expect(history.low).toEqual({ time: hoursBefore(FETCHED_AT, 90), value: 50 });
  });

  it('is empty when no coin of the total has a dated series', () => {
    expect(historyOf(datedCoin('ethereum', '1'))).toEqual({
      points: [],
      stepMs: HOUR_MS,
      high: null,
      low: null,
    });
  });
});

describe('selectPortfolioHistory', () => {
  it('follows holdings edits, price refreshes and additions, and is memoized between them', () => {
    const store = createAppStore({
      preloadedState: {
        wishlist: wishlistOf(
          withSeries(
            datedCoin('ethereum', '1'),
            hourly(HOURS_IN_WEEK, () => 100),
          ),
        ),
      },
    });
    const first = selectPortfolioHistory(store.getState());
    expect(selectPortfolioHistory(store.getState())).toBe(first);
    expect(first.points.at(-1)?.value).toBe(100);

    store.dispatch(updateHoldings({ id: 'ethereum', holdings: '3' }));
    expect(selectPortfolioHistory(store.getState()).points.at(-1)?.value).toBe(300);

    const refreshed = (id: string, price: number) =>
      coinRecord({
        id,
        current_price: price,
        sparkline_in_7d: { price: hourly(168, () => price) },
      });
    store.dispatch(setCoinsData([refreshed('ethereum', 120)]));
    expect(selectPortfolioHistory(store.getState()).points.at(-1)?.value).toBe(360);

    store.dispatch(updateHoldings({ id: 'solana', holdings: '2' }));
    store.dispatch(setCoinsData([refreshed('solana', 50)]));
    expect(selectPortfolioHistory(store.getState()).points.at(-1)?.value).toBe(460);
  });
});
