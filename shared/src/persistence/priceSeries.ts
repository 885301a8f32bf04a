import type { PriceSeries } from '../market/types';

export const HOUR_MS = 3_600_000;

/** The longest step a series may record: a coarser one is not a 7-day series any more. */
const MAX_STEP_HOURS = 24;

/**
 * Hours between two points of a 7-day series. CoinGecko's series is hourly and says
 * nothing; a series thinned when saved records its step (docs/decisions/0007). Anything
 * else in that field (it comes back from storage, so it is untrusted) reads as hourly.
 */
export function seriesStepHours(series: PriceSeries | null | undefined): number {
  const step = series?.step_hours;
  return typeof step === 'number' && Number.isInteger(step) && step >= 1 && step <= MAX_STEP_HOURS
    ? step
    : 1;
}

/**
 * Every `step`-th point of an hourly series counted back from the latest, with the step
 * recorded: point i of
 * n stays at `last_updated − (n − 1 − i) × step` hours, so the thinned series keeps its
 * times (the earliest hours up to step − 1 fall away; the latest price always stays).
 */
export function thinSeries(prices: readonly number[], step: number): PriceSeries {
  const last = prices.length - 1;
  return {
    price: prices.filter((_, index) => (last - index) % step === 0),
    step_hours: step,
  };
}
