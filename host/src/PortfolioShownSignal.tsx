import { useDeferredValue, useEffect, useState } from 'react';
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
import { whenSlotShown } from './slotsShown';

/** The remotes that make up the portfolio itself: the page's critical path. */
const PORTFOLIO_REMOTES = REMOTE_NAMES.filter((name) => REMOTES[name].placement === 'main');

/**
 * The longest the rest waits for live prices once the widgets show: a slow or hung market
 * API must not hold back 'Connect Wallet' (the market call has a 60 s timeout).
 */
const LIVE_PRICES_WAIT_MS = 3_000;

/**
 * The longest the rest waits for the portfolio's slots: a remote whose code never comes
 * (a server that accepts and never answers) must not hold back 'Connect Wallet' for good.
 */
const WIDGETS_WAIT_MS = 15_000;

/**
 * Tells the other remotes (through the store) when the portfolio is on screen with this
 * visit's prices, so the wallet stack and the modal load after it instead of competing
 * with the portfolio's scripts and its market answer for the network. Slots that show
 * their fallback count as shown; a failed price fetch counts as answered.
 *
 * A component of its own, rendering nothing: it follows the wishlist and the price status,
 * and the page around the widgets must not re-render with them (that moved focus).
 *
 * Speed: protects 'Time to portfolio visible, federated, cold, HTTP/2' (and its ratios to
 * the single bundle and the physical floor) and 'Wallet-stack packages before portfolio
 * visible, federated'. Its tests check that it waits for the portfolio's slots and for this
 * visit's prices, and for good for neither.
 */
export function PortfolioShownSignal(): null {
  const dispatch = useAppDispatch();
  const widgetsShown = useWidgetsShown();
  const stillLoading = useAppSelector(selectPortfolioLoading);
  const pricesStatus = useAppSelector(selectWatchedPricesStatus);
  const watchesNothing = useAppSelector(selectWatchedIds).length === 0;
  // Deferred like the summary's wishlist (useDeferredWishlist): true once the background
  // render that shows the summary at these prices has committed (one render, as the price
  // sagas put the prices and the fetch's end in the same task). Told earlier, the header
  // would mount its wallet control in the middle of that render, and a render deferred by
  // React cannot commit while a component in it waits for its code: the summary would
  // wait for the wallet stack and the Add Token modal to arrive.
  const pricesShown = useDeferredValue(
    watchesNothing || pricesStatus === 'succeeded' || pricesStatus === 'failed',
  );

  useEffect(() => {
    if (!widgetsShown || !stillLoading) return;
    if (pricesShown) return whenIdle(() => dispatch(portfolioShown()));
    const timer = setTimeout(() => dispatch(portfolioShown()), LIVE_PRICES_WAIT_MS);
    return () => clearTimeout(timer);
  }, [widgetsShown, stillLoading, pricesShown, dispatch]);
  return null;
}

/** The longest the rest waits for the main thread to be idle once prices are in. */
const IDLE_WAIT_MS = 1_000;

/**
 * Runs `callback` once the main thread has nothing left to do: after the summary's render
 * at the new prices come the history's sums and the prices' saves, in slices (ADR 0014),
 * and the wallet stack's 16 scripts started among them (56 ms of script tags alone at
 * CPU 4x). A browser without idle callbacks (Safari) gets a task later only, which does
 * not wait for those slices. Returns the cancel.
 */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

/**
 * True an animation frame after the portfolio's slots have committed their widgets (or
 * their fallback cards), or after WIDGETS_WAIT_MS. Their code having arrived is not
 * enough: the header's wallet control, mounted before React has revealed them, would hold
 * that reveal until the wallet stack and then the Add Token modal had arrived (a revealed
 * Suspense boundary that suspends again keeps a retry render from committing).
 */
function useWidgetsShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    const reveal = () =>
      requestAnimationFrame(() => {
        if (mounted) setShown(true);
      });
    const deadline = setTimeout(reveal, WIDGETS_WAIT_MS);
    void Promise.all(PORTFOLIO_REMOTES.map(whenSlotShown)).then(reveal);
    return () => {
      mounted = false;
      clearTimeout(deadline);
    };
  }, []);
  return shown;
}
