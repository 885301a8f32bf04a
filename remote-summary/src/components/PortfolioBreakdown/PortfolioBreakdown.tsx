import { useId } from 'react';
import { css } from '@emotion/react';
import { theme, type BreakdownSlice } from '@token-portfolio/shared';
import { DonutChart } from '../DonutChart/DonutChart';
import { BreakdownLegend } from '../BreakdownLegend/BreakdownLegend';
import { halfHeading } from '../SummaryCard/styles';

const half = css`
  min-width: 0;
`;

const body = css`
  display: grid;
  grid-template-columns: minmax(120px, 180px) minmax(0, 1fr);
  align-items: center;
  gap: 32px;
  ${theme.narrow} {
    grid-template-columns: 120px minmax(0, 1fr);
    gap: 20px;
  }
`;

const chartBox = css`
  aspect-ratio: 1;
`;

const emptyText = css`
  margin: 0;
  color: ${theme.color.textMuted};
`;

/** The right half: the donut and its legend, or a note when nothing has a value. */
export function PortfolioBreakdown({ slices }: { slices: BreakdownSlice[] }) {
  const headingId = useId();
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
            <DonutChart slices={slices} />
          </div>
          <BreakdownLegend slices={slices} />
        </div>
      )}
    </section>
  );
}
