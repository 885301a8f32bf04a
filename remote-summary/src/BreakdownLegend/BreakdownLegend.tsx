import { css } from '@emotion/react';
import { chartColor, theme } from '@token-portfolio/shared';
import type { ChartSlice } from '../PortfolioBreakdown/chartSlices';
import { formatShare } from '../PortfolioBreakdown/describeSlice';
import { labelAndFigure } from '../styles/lines';

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  /* A bounded column, so long names shorten instead of widening the card. */
  grid-template-columns: minmax(0, 1fr);
  gap: 10px;
`;

const row = css`
  ${labelAndFigure};
  font-size: 0.875rem;
`;

const label = css`
  ${theme.row};
  gap: 8px;
  min-width: 0;
`;

// The name in the text colour (legible in both schemes); the swatch carries the slice's.
const name = css`
  color: ${theme.color.text};
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const swatch = css`
  flex: none;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: currentColor;
`;

const share = css`
  flex: none;
  color: ${theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

/**
 * One row per slice, largest share first and the grouped rest last: the token in its
 * slice's colour (the colour of its place in the donut, which keeps the watchlist's order)
 * and its share of the total.
 */
export function BreakdownLegend({ slices }: { slices: ChartSlice[] }) {
  const bySize = slices
    .map((slice, index) => ({ slice, index }))
    .sort(
      (a, b) => Number(a.slice.grouped) - Number(b.slice.grouped) || b.slice.value - a.slice.value,
    );
  return (
    <ul css={list} aria-label="Breakdown by token">
      {bySize.map(({ slice, index }) => (
        <li key={slice.key} css={row}>
          <span css={[label, css({ color: chartColor(index) })]}>
            <span css={swatch} aria-hidden="true" />
            <span css={name}>{slice.label}</span>
          </span>
          <span css={share}>{formatShare(slice)}</span>
        </li>
      ))}
    </ul>
  );
}
