import type { WishlistState } from '@token-portfolio/shared';
import { renderWithStore } from '@token-portfolio/shared/testing';
import { WatchlistTable } from '../WatchlistTable/WatchlistTable';

/** The watchlist table on a store of its own holding this wishlist. */
export function renderTable(wishlist: WishlistState): ReturnType<typeof renderWithStore> {
  return renderWithStore(<WatchlistTable />, { wishlist });
}
