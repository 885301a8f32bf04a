import { css } from '@emotion/react';
import { formatSignedPercent, formatSignedUsd, isGainOrFlat, theme } from '@token-portfolio/shared';
import { selectPortfolioChange } from '../portfolio/portfolioChange';
import { useDeferredWishlist } from '../portfolio/useDeferredWishlist';

const block = css`
  display: grid;
  gap: 4px;
  margin-top: 6px;
`;

const figure = css`
  margin: 0;
  font-size: 1rem;
  font-weight: 500;
  font-variant-numeric: tabular-nums;
`;

const muted = css`
  color: ${theme.color.textMuted};
`;

const gain = css`
  color: ${theme.color.gain};
`;

const loss = css`
  color: ${theme.color.loss};
`;

const period = css`
  color: ${theme.color.textMuted};
  font-size: 0.8125rem;
  font-weight: 400;
`;

const note = css`
  margin: 0;
  color: ${theme.color.textMuted};
  font-size: 0.8125rem;
`;

const leftOutNote = (count: number) =>
  count === 1
    ? '1 coin without a price or 24h change is left out'
    : `${count} coins without a price or 24h change are left out`;

/**
 * The portfolio's 24h change in dollars and percent, green at zero or more and
 * red when negative, like the watchlist's 24h column; a note counts the coins left out.
 */
export function PortfolioChange() {
  const { dollars, percent, leftOut } = selectPortfolioChange(useDeferredWishlist());
  return (
    <div css={block}>
      {dollars === null || percent === null ? (
        <p css={[figure, muted]}>24h change not available</p>
      ) : (
        <p css={[figure, isGainOrFlat(percent) ? gain : loss]}>
          {formatSignedUsd(dollars)} ({formatSignedPercent(percent)}) <span css={period}>24h</span>
        </p>
      )}
      {leftOut > 0 && <p css={note}>{leftOutNote(leftOut)}</p>}
    </div>
  );
}
