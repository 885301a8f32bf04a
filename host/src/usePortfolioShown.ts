import { useEffect } from 'react';
import { REMOTE_NAMES, REMOTES, portfolioShown, useAppDispatch } from '@token-portfolio/shared';
import { loadWidget } from './federation/remotes';

/** The remotes that make up the portfolio itself: the page's critical path. */
const PORTFOLIO_REMOTES = REMOTE_NAMES.filter((name) => REMOTES[name].placement === 'main');

/**
 * Tells the other remotes (through the store) when the portfolio's remotes are on
 * screen, so the wallet stack and the modal load after them instead of competing with
 * them for the network. Their slots show a fallback when they fail: that counts too.
 */
export function usePortfolioShownSignal(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let mounted = true;
    // The federation runtime caches loads: this waits for the slots' own loads.
    void Promise.allSettled(PORTFOLIO_REMOTES.map(loadWidget)).then(() =>
      requestAnimationFrame(() => {
        if (mounted) dispatch(portfolioShown());
      }),
    );
    return () => {
      mounted = false;
    };
  }, [dispatch]);
}
