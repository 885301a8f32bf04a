import { useEffect } from 'react';
import { portfolioShown, useAppDispatch } from '@token-portfolio/shared';
import { loadWidget } from './federation/remotes';

/**
 * Tells the other remotes (through the store) when the summary and watchlist are on
 * screen, so the wallet stack and the modal load after them instead of competing with
 * them for the network. Their slots show a fallback when they fail: that counts too.
 */
export function usePortfolioShownSignal(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let mounted = true;
    // The federation runtime caches loads: this waits for the slots' own loads.
    void Promise.allSettled([loadWidget('summary'), loadWidget('watchlist')]).then(() =>
      requestAnimationFrame(() => {
        if (mounted) dispatch(portfolioShown());
      }),
    );
    return () => {
      mounted = false;
    };
  }, [dispatch]);
}
