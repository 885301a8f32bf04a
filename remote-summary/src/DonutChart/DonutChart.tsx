import { useMemo } from 'react';
import { css } from '@emotion/react';
import { arc, pie, type PieArcDatum } from '@token-portfolio/shared/charts';
import { chartColor } from '@token-portfolio/shared';
import type { ChartSlice } from '../PortfolioBreakdown/chartSlices';
import { formatShare } from '../PortfolioBreakdown/describeSlice';

/** docs/product.md#numbers-and-limits: donut radius 46, drawn in a 100 x 100 viewBox centred on 0. */
const OUTER_RADIUS = 46;
const INNER_RADIUS = 30;

const chart = css`
  display: block;
  width: 100%;
  height: 100%;
  overflow: visible;
`;

const slicePath = arc<PieArcDatum<ChartSlice>>()
  .innerRadius(INNER_RADIUS)
  .outerRadius(OUTER_RADIUS)
  .cornerRadius(1.5);

/** The breakdown donut: a slice per token (or the rest grouped), colours cycling through 9. */
export function DonutChart({ slices }: { slices: ChartSlice[] }) {
  // Paths are recomputed only when the slices change (PortfolioBreakdown memoises them).
  const paths = useMemo(() => {
    const arcs = pie<ChartSlice>()
      .value((slice) => slice.value)
      // Keep the watchlist's order, so slice i and legend row i share a colour.
      .sort(null)
      // A gap between slices, but none around a lone full ring.
      .padAngle(slices.length > 1 ? 0.02 : 0)(slices);
    return arcs.map((slice) => ({ key: slice.data.key, d: slicePath(slice) ?? '' }));
  }, [slices]);

  const description = `Portfolio breakdown: ${slices
    .map((slice) => `${slice.label} ${formatShare(slice)}`)
    .join(', ')}`;

  return (
    <svg css={chart} viewBox="-50 -50 100 100" role="img" aria-label={description}>
      {paths.map(({ key, d }, index) => (
        <path key={key} d={d} fill={chartColor(index)} />
      ))}
    </svg>
  );
}
