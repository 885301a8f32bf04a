import { useDeferredValue, useMemo } from 'react';
import { selectWishlist, useAppSelector, type WishlistRoot } from '@token-portfolio/shared';

/**
 * The wishlist for views that summarise all of it (totals, breakdown, 7-day history),
 * possibly a render behind: React's useDeferredValue. New prices first render what must
 * show them at once (the rows) with the summaries' previous wishlist; React then renders
 * the summaries in a background render that yields to the browser every few milliseconds,
 * so summing up 1,000 tokens is not one long task (protects 'Longest main-thread task,
 * price update of 1,000 tokens, CPU 4x'; useDeferredWishlist.test.tsx checks that it gives
 * one object per wishlist, which the memoised selectors need). Pass it to the portfolio
 * selectors (`selectBreakdown(wishlist)`); the components that take its results must be
 * memoised, or the first render would redo their work with the old ones.
 */
export function useDeferredWishlist(): WishlistRoot {
  const wishlist = useDeferredValue(useAppSelector(selectWishlist));
  // One object per wishlist, so the memoised selectors answer from their cache.
  return useMemo(() => ({ wishlist }), [wishlist]);
}
