import { css } from '@emotion/react';
import { Suspense, lazy, startTransition, useEffect, useState, type ReactElement } from 'react';
import type { WidgetOptions } from '@token-portfolio/widget-types';
import {
  WidgetRoot,
  knownSignInState,
  selectPortfolioLoading,
  selectSyncNotices,
  selectSyncStatus,
  signInState,
  theme,
  useAppSelector,
  type SignInState,
} from '@token-portfolio/shared';
import { connectButton } from './WalletButton/buttonStyles';

// Wraps below 300 px rather than push the wallet button off a narrow screen or slot.
const bar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  min-height: 56px;
  ${theme.narrow} {
    column-gap: 8px;
  }
`;

const title = css`
  margin: 0;
  font-size: 20px;
  white-space: nowrap;
  font-weight: 600;
  color: ${theme.color.text};
`;

/**
 * The wallet button's place, held from the first paint at the size of 'Connect Wallet',
 * so nothing moves when the button (or the wallet code) arrives.
 */
const walletSlot = css`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  min-width: 132px;
  min-height: 40px;
  margin-left: auto;
`;

// The wallet stack is the heaviest part of the page: it loads after the portfolio shows.
// A lazy component per header, not per module: React keeps a failed import, and the host's
// Retry mounts a new header, which must try again.
const lazyWalletControl = () => lazy(() => import('./WalletControl/WalletControl'));
// Only a signed-in visitor (or one just signed out) sees the saved watchlist: its code
// loads then, not with the first paint.
const lazySavedWatchlist = () => lazy(() => import('./savedWatchlist/SavedWatchlistPanel'));

/** The saved watchlist's status, messages and questions, once there is one to show. */
function SavedWatchlistSlot() {
  const [SavedWatchlistPanel] = useState(lazySavedWatchlist);
  const signedIn = useAppSelector((state) => selectSyncStatus(state) !== 'off');
  const noticed = useAppSelector((state) => selectSyncNotices(state).length > 0);
  if (!signedIn && !noticed) return null;
  return (
    <Suspense fallback={null}>
      <SavedWatchlistPanel />
    </Suspense>
  );
}

/** The page's sign-in state once known (asked for with the prices, by the boot script). */
function useSignInState(): SignInState | undefined {
  const [state, setState] = useState(knownSignInState);
  useEffect(() => {
    let mounted = true;
    void signInState().then((known) => mounted && setState(known));
    return () => {
      mounted = false;
    };
  }, []);
  return state;
}

function HeaderBar() {
  const [WalletControl] = useState(lazyWalletControl);
  // On a composed page the host says when the summary and watchlist are on screen.
  const portfolioLoading = useAppSelector(selectPortfolioLoading);
  const signIn = useSignInState();
  // Pressed before the wallet code came: the code comes at once and opens its dialog.
  const [connectRequested, setConnectRequested] = useState(false);

  // The spec hides the button only while the sign-in status loads: once it is known, and
  // nobody is signed in (a signed-in account shows once the wallet says which), the
  // button is there without the wallet code.
  const signedOut = signIn && (signIn.auth === 'none' || signIn.session.address === null);
  const early = signedOut ? (
    <button
      type="button"
      css={connectButton}
      aria-busy={connectRequested}
      onClick={() => setConnectRequested(true)}
    >
      Connect Wallet
    </button>
  ) : null;
  // Once wanted, the wallet code stays mounted: a press while the portfolio still loads
  // asks for it, and taking it away when the press is answered would close its dialog.
  // Wanted in a transition, so React keeps the early button (the same element: keyboard
  // focus stays on it) until WalletControl can render, rather than show the fallback's
  // copy. Not useDeferredValue: deferred renders commit together, and the summary's
  // (useDeferredWishlist) would then wait for the wallet code too.
  const [walletWanted, setWalletWanted] = useState(false);
  const wanted = !portfolioLoading || connectRequested;
  useEffect(() => {
    if (wanted) startTransition(() => setWalletWanted(true));
  }, [wanted]);

  return (
    <>
      <header css={bar}>
        <h1 css={title}>Token Portfolio</h1>
        <div css={walletSlot} data-testid="wallet-slot">
          <Suspense fallback={early}>
            {walletWanted ? (
              <WalletControl
                placeholder={early}
                connectRequested={connectRequested}
                onConnectOpened={setConnectRequested}
              />
            ) : (
              early
            )}
          </Suspense>
        </div>
      </header>
      <SavedWatchlistSlot />
    </>
  );
}

// Its signature is public (docs/embedding.md): only widget-types and React's types; the
// return type is spelled out, since inferred it would be @emotion/react's.
/**
 * The page header: the title and the wallet button's place at once, 'Connect Wallet' as
 * soon as the sign-in status is known, the wallet control when its code has arrived.
 */
export default function Header(options: WidgetOptions): ReactElement {
  return (
    <WidgetRoot {...options}>
      <HeaderBar />
    </WidgetRoot>
  );
}
