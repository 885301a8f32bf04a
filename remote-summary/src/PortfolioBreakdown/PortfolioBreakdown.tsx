import { memo, useId, useMemo } from 'react';
import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';
import { DonutChart } from '../DonutChart/DonutChart';
import { BreakdownLegend } from '../BreakdownLegend/BreakdownLegend';
import { halfHeading } from '../styles/headings';
import { chartSlices } from './chartSlices';
import type { BreakdownSlice } from '../portfolio/selectors';

// A column whose chart and legend sit in the middle of the height the left half sets.
const half = css`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

// Side by side while both fit, else the legend wraps under the centred chart.
const body = css`
  display: flex;
  flex: 1 1 auto;
  flex-wrap: wrap;
  align-content: center;
  align-items: center;
  gap: 20px 32px;
`;

const chartBox = css`
  flex: 0 0 168px;
  aspect-ratio: 1;
  /* Centres the chart when it is alone on its line; the legend takes the space otherwise. */
  margin-inline: auto;
  ${theme.narrow} {
    flex-basis: 144px;
  }
`;

const legendBox = css`
  flex: 1 1 220px;
  min-width: 0;
  max-width: 400px;
`;

const emptyText = css`
  margin: 0;
  color: ${theme.color.textMuted};
`;

/**
 * The right half: the donut and its legend, or a note when nothing has a value.
 * Memoised: rendered again only when its slices change (in the summary's deferred render).
 */
export const PortfolioBreakdown = memo(function PortfolioBreakdown({
  slices,
}: {
  slices: BreakdownSlice[];
}) {
  const headingId = useId();
  const drawn = useMemo(() => chartSlices(slices), [slices]);
  return (
    <section css={half} aria-labelledby={headingId}>
      <h2 id={headingId} css={halfHeading}>
        Portfolio Breakdown
      </h2>
      {slices.length === 0 ? (
        <p css={emptyText}>no holdings to display</p>
      ) : (
        <div css={body}>
          <div css={chartBox}>
            <DonutChart slices={drawn} />
          </div>
          <div css={legendBox}>
            <BreakdownLegend slices={drawn} />
          </div>
        </div>
      )}
    </section>
  );
});
