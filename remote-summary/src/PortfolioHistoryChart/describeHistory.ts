import { formatDateTime, formatUsd } from '@token-portfolio/shared';
import type { PortfolioHistory } from '../portfolio/portfolioHistory';

/** One point as the readout and a screen reader say it: 'Oct 14, 3:00 PM: $1,234.50'. */
export const describePoint = ({ time, value }: { time: number; value: number }) =>
  `${formatDateTime(time)}: ${formatUsd(value)}`;

/** The chart's text alternative: its range, where it started and ended, its high and low. */
export function describeHistory({ points, high, low }: PortfolioHistory): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || !high || !low) return '';
  return (
    `Portfolio value from ${formatDateTime(first.time)} to ${formatDateTime(last.time)}: ` +
    `started at ${formatUsd(first.value)} and ended at ${formatUsd(last.value)}; ` +
    `high ${formatUsd(high.value)} on ${formatDateTime(high.time)}; ` +
    `low ${formatUsd(low.value)} on ${formatDateTime(low.time)}.`
  );
}
