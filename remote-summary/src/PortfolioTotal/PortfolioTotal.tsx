import { memo, useId } from 'react';
import { css } from '@emotion/react';
import { formatLastUpdated, theme } from '@token-portfolio/shared';
import { AnimatedTotal } from '../AnimatedTotal/AnimatedTotal';
import { halfHeading } from '../styles/headings';
import { PortfolioChange } from '../PortfolioChange/PortfolioChange';
import { PortfolioHistoryChart } from '../PortfolioHistoryChart/PortfolioHistoryChart';

const half = css`
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  gap: 16px;
  min-width: 0;
`;

const lastUpdatedText = css`
  margin: 0;
  color: ${theme.color.textMuted};
  font-size: 0.8125rem;
  font-variant-numeric: tabular-nums;
`;

interface PortfolioTotalProps {
  total: number;
  lastUpdated: Date | null;
}

/**
 * The left half: the label, the animated total with its 24h change, the 7-day chart and
 * when the prices last changed. Memoised: rendered again only when its figures change (in
 * the summary's deferred render).
 */
export const PortfolioTotal = memo(function PortfolioTotal({
  total,
  lastUpdated,
}: PortfolioTotalProps) {
  const headingId = useId();
  return (
    <section css={half} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} css={halfHeading}>
          Portfolio Total
        </h2>
        <AnimatedTotal value={total} />
        <PortfolioChange />
      </div>
      <PortfolioHistoryChart />
      {lastUpdated && <p css={lastUpdatedText}>Last updated: {formatLastUpdated(lastUpdated)}</p>}
    </section>
  );
});
