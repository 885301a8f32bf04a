import { useEffect, useState } from 'react';
import type { WishlistRoot } from '@token-portfolio/shared';
import { useDeferredWishlist } from './useDeferredWishlist';
import {
  HISTORY_SLICE,
  portfolioHistoryInSlices,
  selectPortfolioHistory,
  type PortfolioHistory,
} from './portfolioHistory';

interface Computed {
  root: WishlistRoot;
  history: PortfolioHistory;
}

/**
 * The 7-day history of the deferred wishlist. A long list's is summed a slice of coins per
 * task, showing the history before it meanwhile: computed in one go, it was one task of 43
 * to 46 ms at CPU 4x inside the chart's render after a price update of 1,000 tokens, which
 * React cannot split (protects 'Longest main-thread task, price update of 1,000 tokens, CPU
 * 4x'). A short list's, and the first one shown, come at once.
 */
export function usePortfolioHistory(): PortfolioHistory {
  const root = useDeferredWishlist();
  const long = root.wishlist.ids.length > HISTORY_SLICE;
  const [computed, setComputed] = useState<Computed | null>(null);

  useEffect(() => {
    if (!long || computed?.root === root) return;
    let timer: ReturnType<typeof setTimeout>;
    if (computed === null) {
      // The first history shown was computed by the render (the selector memoises it).
      timer = setTimeout(() => setComputed({ root, history: selectPortfolioHistory(root) }), 0);
      return () => clearTimeout(timer);
    }
    const { ids, entities } = root.wishlist;
    const steps = portfolioHistoryInSlices(
      ids.map((id) => entities[id]),
      HISTORY_SLICE,
    );
    const next = () => {
      const step = steps.next();
      if (step.done) setComputed({ root, history: step.value });
      else timer = setTimeout(next, 0);
    };
    timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }, [long, root, computed]);

  return long && computed ? computed.history : selectPortfolioHistory(root);
}
