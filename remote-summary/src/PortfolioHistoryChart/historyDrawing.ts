import { area, line, linearScale } from '@token-portfolio/shared/charts';
import type { HistoryPoint } from '../portfolio/portfolioHistory';

/** Room at the top and bottom, so the line and the cursor dot are not cut at the extremes. */
const INSET = 6;

export interface HistoryDrawing {
  line: string;
  area: string;
  /** The value at the end is at least the value at the start (drawn in the gain colour). */
  rising: boolean;
  x: (time: number) => number;
  y: (value: number) => number;
  /** The index of the point nearest in time to a horizontal position. */
  nearestIndex: (x: number) => number;
}

/**
 * The portfolio's value over time fitted into width x height: x by time (so a skipped
 * point leaves its gap), y from the lowest to the highest value. null under two points.
 */
export function drawHistory(
  points: readonly HistoryPoint[],
  width: number,
  height: number,
): HistoryDrawing | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;
  const values = points.map((point) => point.value);
  const x = linearScale([first.time, last.time], [0, width]);
  const y = linearScale([Math.min(...values), Math.max(...values)], [height - INSET, INSET]);
  const top = line<HistoryPoint>()
    .x((point) => x(point.time))
    .y((point) => y(point.value));
  const filled = area<HistoryPoint>()
    .x((point) => x(point.time))
    .y0(height)
    .y1((point) => y(point.value));
  return {
    line: top(points) ?? '',
    area: filled(points) ?? '',
    rising: last.value >= first.value,
    x,
    y,
    nearestIndex(position) {
      const time = x.invert(position);
      // A scan, not d3-array's bisector: at most 169 points, and d3-array would be one
      // more package to share between the remotes.
      let nearest = 0;
      points.forEach((point, index) => {
        const best = points[nearest]?.time ?? point.time;
        if (Math.abs(point.time - time) < Math.abs(best - time)) nearest = index;
      });
      return nearest;
    },
  };
}
