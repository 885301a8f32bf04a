import {
  amountHeld,
  createSelector,
  HOUR_MS,
  isLoadedCoin,
  selectWishlist,
  seriesStepHours,
  type WishlistEntity,
} from '@token-portfolio/shared';
import { countsTowardsTotal } from './total';

/** The chart covers at most the 7 days before the latest price. */
export const HISTORY_WINDOW_MS = 7 * 24 * HOUR_MS;

export interface HistoryPoint {
  /** Epoch milliseconds. */
  time: number;
  /** Dollars: the sum over the coins that had a price then. */
  value: number;
}

export interface PortfolioHistory {
  /** In time order, `stepMs` apart (a time where no coin had a usable value is skipped). */
  points: HistoryPoint[];
  stepMs: number;
  /** The highest and lowest points (the earliest of equals); null without points. */
  high: HistoryPoint | null;
  low: HistoryPoint | null;
}

/** A held coin's series, placed in time: point i of n is at end − (n − 1 − i) × stepMs. */
interface TimedSeries {
  amount: number;
  prices: readonly number[];
  end: number;
  stepMs: number;
}

const EMPTY: PortfolioHistory = { points: [], stepMs: HOUR_MS, high: null, low: null };

/** The coins of the total (docs/product.md#validation-rules: a value above zero) that have a dated series. */
function timedSeries(coin: WishlistEntity | undefined): TimedSeries | null {
  if (!coin || !isLoadedCoin(coin) || !countsTowardsTotal(coin.value)) return null;
  const amount = amountHeld(coin.holdings);
  const end = Date.parse(coin.last_updated ?? '');
  const prices = coin.sparkline_in_7d?.price;
  if (amount === null || !Number.isFinite(end) || !Array.isArray(prices)) return null;
  if (!prices.some(Number.isFinite)) return null;
  return { amount, prices, end, stepMs: seriesStepHours(coin.sparkline_in_7d) * HOUR_MS };
}

/** The next index from `from` holding a usable price (the series is untrusted), or -1. */
function nextPriced(prices: readonly number[], from: number): number {
  for (let index = from; index < prices.length; index += 1) {
    if (Number.isFinite(prices[index])) return index;
  }
  return -1;
}

/**
 * Adds one coin's value at each grid time to `sums`. Between two prices the price is
 * interpolated (a gap in the series is bridged, a thinned series drawn on a finer grid);
 * before the coin's first price it adds nothing (it was not listed, or not known), except
 * within half a step, which absorbs coins fetched a little apart; after its latest price it
 * keeps that price, as the total does until the next refresh.
 */
function addSeries(
  series: TimedSeries,
  gridStart: number,
  gridStep: number,
  sums: Float64Array,
  counts: Uint32Array,
) {
  const { amount, prices, end, stepMs } = series;
  // The two priced points around the grid time, their times and prices kept at hand: this
  // runs for every held coin at every grid time (1,000 × 169 for a long list). Speed:
  // protects 'Portfolio history, 100 coins × 168 points'; portfolioHistory.test.ts checks
  // that each price is read a few times in all, a walk along the series, never a search.
  const firstTime = end - (prices.length - 1) * stepMs;
  let before = -1;
  let beforeTime = 0;
  let beforePrice = 0;
  let after = nextPriced(prices, 0);
  let afterTime = firstTime + after * stepMs;
  for (let slot = 0; slot < sums.length; slot += 1) {
    const time = gridStart + slot * gridStep;
    while (after !== -1 && afterTime <= time) {
      before = after;
      beforeTime = afterTime;
      beforePrice = prices[after] ?? Number.NaN;
      after = nextPriced(prices, after + 1);
      afterTime = firstTime + after * stepMs;
    }
    let price: number;
    if (before !== -1 && after !== -1) {
      const share = (time - beforeTime) / (afterTime - beforeTime);
      price = beforePrice + ((prices[after] ?? Number.NaN) - beforePrice) * share;
    } else if (before !== -1) {
      price = beforePrice;
    } else if (after !== -1 && afterTime - time <= stepMs / 2) {
      price = prices[after] ?? Number.NaN;
    } else {
      continue;
    }
    // The value rule per point: holdings times price, counted only when finite and above 0.
    const value = amount * price;
    if (!countsTowardsTotal(value)) continue;
    sums[slot] = (sums[slot] ?? 0) + value;
    counts[slot] = (counts[slot] ?? 0) + 1;
  }
}

/**
 * The portfolio's value over the last 7 days: for each time on one grid (ending at the
 * latest price, as fine as the finest series), the sum over the coins of the total of
 * holdings times that coin's price then. Series are aligned by time, never by index.
 */
export function portfolioHistory(coins: readonly (WishlistEntity | undefined)[]): PortfolioHistory {
  const steps = portfolioHistoryInSlices(coins, Infinity);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Coins summed per slice when a long list's history is computed across tasks. */
export const HISTORY_SLICE = 250;

/**
 * portfolioHistory, pausing (a `yield`) after each `sliceSize` coins: the caller may go on
 * in a later task, so that 1,000 coins are not one long task (protects 'Longest main-thread
 * task, price update of 1,000 tokens, CPU 4x'; portfolioHistory.test.ts checks the pauses).
 * Returns the history portfolioHistory returns.
 */
export function* portfolioHistoryInSlices(
  coins: readonly (WishlistEntity | undefined)[],
  sliceSize: number,
): Generator<void, PortfolioHistory, void> {
  const series = coins.map(timedSeries).filter((s): s is TimedSeries => s !== null);
  if (series.length === 0) return EMPTY;

  const gridStep = Math.min(...series.map((s) => s.stepMs));
  const gridEnd = Math.max(...series.map((s) => s.end));
  const earliest = Math.min(
    ...series.map((s) => s.end - (s.prices.length - 1 - nextPriced(s.prices, 0)) * s.stepMs),
  );
  // Rounded, so a series starting a few minutes before a grid time still gets that time.
  const intervals = Math.max(
    0,
    Math.min(Math.round((gridEnd - earliest) / gridStep), Math.floor(HISTORY_WINDOW_MS / gridStep)),
  );
  const gridStart = gridEnd - intervals * gridStep;
  const sums = new Float64Array(intervals + 1);
  const counts = new Uint32Array(intervals + 1);
  for (const [index, s] of series.entries()) {
    if (index > 0 && index % sliceSize === 0) yield;
    addSeries(s, gridStart, gridStep, sums, counts);
  }

  const points: HistoryPoint[] = [];
  let high: HistoryPoint | null = null;
  let low: HistoryPoint | null = null;
  for (const [slot, value] of sums.entries()) {
    // Enough huge values can add up past the largest number: such a sum is skipped.
    if (counts[slot] === 0 || !Number.isFinite(value)) continue;
    const point = { time: gridStart + slot * gridStep, value };
    points.push(point);
    if (!high || value > high.value) high = point;
    if (!low || value < low.value) low = point;
  }
  return { points, stepMs: gridStep, high, low };
}

/** Memoized: recomputed only when the wishlist changes (holdings, prices, additions). */
export const selectPortfolioHistory = createSelector([selectWishlist], ({ ids, entities }) =>
  portfolioHistory(ids.map((id) => entities[id])),
);
