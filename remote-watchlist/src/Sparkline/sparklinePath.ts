import { line, linearScale } from '@token-portfolio/shared/charts';

export interface SparklineDrawing {
  /** SVG path data of the line. */
  path: string;
  /** The 7-day change is positive: last price above the first. */
  rising: boolean;
}

/**
 * The line of a 7-day price series fitted into width x height (1 px inset so the stroke
 * is not clipped). null when there are fewer than two usable prices.
 */
export function drawSparkline(
  prices: readonly number[],
  width: number,
  height: number,
): SparklineDrawing | null {
  const points = prices.filter(Number.isFinite);
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined || points.length < 2) return null;
  const x = linearScale([0, points.length - 1], [1, width - 1]);
  const y = linearScale([Math.min(...points), Math.max(...points)], [height - 1, 1]);
  const path = line<number>()
    .x((_, index) => x(index))
    .y((price) => y(price))(points);
  return path === null ? null : { path, rising: last > first };
}
