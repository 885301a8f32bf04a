import type { LoadedCoin } from '@token-portfolio/shared';
import { renderWithStore, wishlistOf } from '@token-portfolio/shared/testing';
import { SummaryCard } from '../SummaryCard/SummaryCard';

/** The summary card on a store of its own holding these coins. */
export function renderSummary(coins: LoadedCoin[]): ReturnType<typeof renderWithStore> {
  return renderWithStore(<SummaryCard />, { wishlist: wishlistOf(...coins) });
}
