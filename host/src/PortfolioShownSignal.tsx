import { useEffect, useState } from 'react';
import {
  REMOTE_NAMES,
  REMOTES,
  portfolioShown,
  selectPortfolioLoading,
  selectWatchedIds,
  selectWatchedPricesStatus,
  useAppDispatch,
  useAppSelector,
} from '@token-portfolio/shared';
import { widgetLoad } from './federation/remotes';

/** The remotes that make up the portfolio itself: the page's critical path. */
const PORTFOLIO_REMOTES = REMOTE_NAMES.filter((name) => REMOTES[name].placement === 'main');

/**
 * The longest the rest waits for live prices once the widgets show: a slow or hung market
 * API must not hold back 'Connect Wallet' (the market call has a 60 s timeout).
 */
const LIVE_PRICES_WAIT_MS = 3_000;

/**
 * Tells the other remotes (through the store) when the portfolio is on screen with this
 * visit's prices, so the wallet stack and the modal load after it instead of competing
 * with the portfolio's scripts and its market answer for the network. Slots that show
 * their fallback count as shown; a failed price fetch counts as answered.
 *
 * A component of its own, rendering nothing: it follows the wishlist and the price status,
 * and the page around the widgets must not re-render with them (that moved focus).
 */
export function PortfolioShownSignal(): null {
  const dispatch = useAppDispatch();
  const widgetsShown = useWidgetsShown();
  const stillLoading = useAppSelector(selectPortfolioLoading);
  const pricesStatus = useAppSelector(selectWatchedPricesStatus);
  const watchesNothing = useAppSelector(selectWatchedIds).length === 0;
  const pricesAnswered =
    watchesNothing || pricesStatus === 'succeeded' || pricesStatus === 'failed';

  useEffect(() => {
    if (!widgetsShown || !stillLoading) return;
    if (pricesAnswered) return whenIdle(() => dispatch(portfolioShown()));
    const timer = setTimeout(() => dispatch(portfolioShown()), LIVE_PRICES_WAIT_MS);
    return () => clearTimeout(timer);
  }, [widgetsShown, stillLoading, pricesAnswered, dispatch]);
  return null;
}

/** The longest the rest waits for the main thread to be idle once prices are in. */
const IDLE_WAIT_MS = 1_000;

/**
 * Runs `callback` once the main thread has nothing left to do: the summary renders the new
 * prices after the rows, deferred and in slices (ADR 0014), and the wallet stack's 16
 * scripts started in the middle of it (56 ms of script tags alone at CPU 4x). A browser
 * without idle callbacks (Safari) gets a task later only, which does not wait for that
 * render. Returns the cancel.
 */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

/** True once the portfolio's widgets have loaded (or failed to) and had a frame to paint. */
function useWidgetsShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    // The slots' own loads.
    void Promise.allSettled(PORTFOLIO_REMOTES.map(widgetLoad)).then(() =>
      requestAnimationFrame(() => {
        if (mounted) setShown(true);
      }),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}
