import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';
import { PortfolioTotal } from '../PortfolioTotal/PortfolioTotal';
import { PortfolioBreakdown } from '../PortfolioBreakdown/PortfolioBreakdown';
import { selectBreakdown, selectLastUpdated, selectPortfolioTotal } from '../portfolio/selectors';
import { useDeferredWishlist } from '../portfolio/useDeferredWishlist';

const card = css`
  /* The host reserves this height for the card (host/src/App.tsx), so the page does not jump. */
  min-height: 328px;
  padding: 24px;
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font-family: ${theme.font.family};
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 32px;
  ${theme.narrow} {
    min-height: 0;
    padding: 16px;
    grid-template-columns: minmax(0, 1fr);
    gap: 24px;
  }
`;

const emptyCard = css`
  ${theme.row};
  justify-content: center;
  text-align: center;
`;

const emptyText = css`
  margin: 0;
  color: ${theme.color.textMuted};
`;

/**
 * The portfolio summary card (docs/product.md#the-screen), read from the store of the nearest
 * Provider: the total and the breakdown, or only the zero-state text.
 */
export function SummaryCard() {
  // A render behind after new prices: the halves are memoised and recomputed in a deferred
  // render (useDeferredWishlist says which bench figure that protects).
  const wishlist = useDeferredWishlist();
  const total = selectPortfolioTotal(wishlist);
  const slices = selectBreakdown(wishlist);
  const lastUpdated = selectLastUpdated(wishlist);

  if (total <= 0) {
    return (
      <section css={[card, emptyCard]} aria-label="Portfolio summary">
        <p css={emptyText}>No Holdings , Please add some tokens to your portfolio</p>
      </section>
    );
  }
  return (
    <section css={card} aria-label="Portfolio summary">
      <PortfolioTotal total={total} lastUpdated={lastUpdated} />
      <PortfolioBreakdown slices={slices} />
    </section>
  );
}
