// Whose list the page shows, in the first paint's code (docs/architecture.md#the-wallets-
// watchlist-in-the-page): the browser's own list, saved as always, until a wallet is to be
// followed; then the saved watchlist's code (walletWatchlistSaga.ts) is fetched and owns the
// list from there on. A visitor who never signs in never downloads it.
import type { Saga } from 'redux-saga';
import { call, delay, race, take } from 'redux-saga/effects';
import { loadInitialWishlist, type InitialWishlist } from '../persistence/initialState';
import { watchPersistence } from '../persistence/persistenceWatchers';
import { sessionConfirmed } from '../session/sessionSlice';
import { signInState } from '../session/signInSession';
import { retryWait } from './retryWait';
import { isWalletCopyKey, walletStorageKeys } from './walletKeys';

/** The saved watchlist's list owner, started with the browser's own list as saved. */
export type WalletListOwner = Saga<[own: InitialWishlist]>;

/** What the first paint's list owner needs from outside the store (the browser's, or a test's). */
export interface ListOwnerServices {
  /**
   * Resolves once this page has a wallet to follow without a sign-in here: signed in when it
   * opened (or the auth API could not say), a wallet's copy left to remove, or another tab
   * signing in. Never on a page without an auth API.
   */
  walletWanted(): Promise<void>;
  /** The saved watchlist's code, fetched now. */
  walletListOwner(): Promise<WalletListOwner>;
}

/** Waits for a wallet to follow, then fetches its code (again, longer apart, until it comes). */
function* walletListOwnerWhenWanted(services: ListOwnerServices) {
  yield race({ wanted: call(services.walletWanted), signedIn: take(sessionConfirmed.type) });
  for (let failures = 1; ; failures += 1) {
    try {
      const owner: WalletListOwner = yield call(services.walletListOwner);
      return owner;
    } catch (error) {
      console.warn('[token-portfolio] could not load the saved watchlist’s code', error);
      yield delay(retryWait(failures));
    }
  }
}

/**
 * The list's owner at first: the browser's own list, saved as always (no sign-in code runs
 * for a signed-out visitor); once a wallet is to be followed and its code has come, that code
 * owns the list, from the browser's own list as saved then.
 */
export function* listOwnerSaga(services: ListOwnerServices, initial: InitialWishlist) {
  const { owner }: { owner?: WalletListOwner } = yield race({
    saving: call(watchPersistence, initial),
    owner: call(walletListOwnerWhenWanted, services),
  });
  if (owner) yield call(owner, loadInitialWishlist());
}

/** A page's sign-in, as the boot script's request says, and other tabs' sign-ins. */
function browserWalletWanted(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof globalThis.addEventListener !== 'function') return;
    const done = () => {
      globalThis.removeEventListener('storage', onStorage);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      const created = event.oldValue === null && event.newValue !== null;
      if (created && isWalletCopyKey(event.key ?? '')) done();
    };
    globalThis.addEventListener('storage', onStorage);
    void signInState().then((state) => {
      if (state.auth === 'none') globalThis.removeEventListener('storage', onStorage);
      else if (state.unreadable || state.session.address) done();
      else if (walletStorageKeys().some(isWalletCopyKey)) done();
    });
  });
}

/** The services of a page: its sign-in, the saved watchlist's code as a chunk of its own. */
export const browserListOwnerServices = (): ListOwnerServices => ({
  walletWanted: browserWalletWanted,
  walletListOwner: () =>
    import(/* webpackChunkName: "wallet-sync" */ './walletWatchlistSaga').then(
      (sync) => sync.browserWalletWatchlistSaga,
    ),
});
