// Whose list the page shows once a wallet is to be followed (docs/architecture.md#the-wallets-
// watchlist-in-the-page): signed in, the wallet's, from its copy in this browser at once,
// then from the server, followed live; signed out, the browser's own list, as it always
// was. Its code is fetched when first needed (listOwnerSaga.ts), not with the first paint.
import type { EventChannel } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { InitialWishlist } from '../persistence/initialState';
import type { SavedWishlist } from '../persistence/savedWishlist';
import type { SessionEndReason } from '../session/sessionSlice';
import type { WishlistState } from '../wishlist/wishlistSlice';
import { coreForSyncCode } from './coreHandover';
import { additionsOf, editsOfAdding, firstSignInQuestion } from './firstSignIn';
import {
  deleteOnRequest,
  followEvents,
  followOtherTabs,
  queueLocalEdits,
  readUntilAnswered,
  sendChanges,
  signOutOnRequest,
  waitToRetry,
  type SyncServices,
} from './syncWatchers';
import { syncNoticeShown, syncQuestionAsked, syncSlice, syncStatusChanged } from './syncReducer';
import { reportStatus, showCopy, takeServerList } from './syncWorkers';
import {
  newWalletCopy,
  readWalletCopy,
  removeWalletCopies,
  shownTokens,
  unsentChanges,
  type WalletCopy,
} from './walletCopy';
import { queueEdits, savedWalletRecords, updateCopy, type WalletFollower } from './walletFollower';
import { watchlistApi } from './watchlistApi';
import { watchlistEvents } from './watchlistEvents';
import type { WalletWatchlist } from './watchlistBodies';

const {
  call,
  currentSignIn,
  emptyWishlist,
  eventChannel,
  fork,
  injectSharedSlice,
  isWalletCopyKey,
  loadInitialWishlist,
  multicastChannel,
  parseSavedWishlist,
  put,
  race,
  readSavedText,
  select,
  selectSessionKnown,
  selectSignedInAddress,
  selectWishlist,
  sessionAbsent,
  sessionConfirmed,
  sessionEnded,
  signInState,
  syncedListShown,
  syncQuestionAnswered,
  take,
  walletListKey,
  walletStorageKeys,
  WALLET_STORAGE_PREFIX,
  watchPersistence,
} = coreForSyncCode();

/** The browser's own list as saved now (empty when there is none or it cannot be read). */
function ownListSaved(): SavedWishlist {
  const text = readSavedText();
  try {
    if (typeof text === 'string') return parseSavedWishlist(text);
  } catch {
    // the store's loader reports an unreadable list
  }
  return { ...emptyWishlist, edits: {} };
}

/** Changes this browser made that no server has: they go with the copy. */
const unsentIn = (copy: WalletCopy | null) => (copy ? unsentChanges(copy).length : 0);

/**
 * The first sign-in's question (docs/product.md#your-watchlist-follows-your-wallet), when the
 * browser's own list has tokens or holdings the wallet's lacks: nothing is merged without
 * the answer. Add queues this browser's tokens; past the cap nothing is added.
 */
function* askFirstQuestion(follower: WalletFollower) {
  const own = ownListSaved();
  const question = firstSignInQuestion(own, shownTokens(follower.copy));
  if (question) {
    yield put(syncQuestionAsked(question));
    const { payload }: PayloadAction<{ add: boolean }> = yield take(syncQuestionAnswered.type);
    // The wallet's list may have moved on while the question was open.
    const wallet = shownTokens(follower.copy);
    const now = payload.add ? firstSignInQuestion(own, wallet) : null;
    if (now && additionsOf(now) > now.room) {
      yield put(syncNoticeShown({ kind: 'full', room: now.room }));
    } else if (now) {
      queueEdits(follower, editsOfAdding(now, wallet));
      yield* showCopy(follower, own.entities);
    }
  }
  updateCopy(follower, (copy) => ({ ...copy, settled: true }));
}

/** The list shown when a wallet's list starts being saved: nothing yet, and the edits of none. */
const NOTHING_SAVED: InitialWishlist = {
  saved: { ...emptyWishlist, edits: {} },
  saveAllowed: true,
};

/** The server's list, asked once more when the page follows a copy it had (a read keeps the list from retention). */
function* refreshFromServer(services: SyncServices, follower: WalletFollower) {
  const server: WalletWatchlist | null = yield call(readUntilAnswered, services);
  if (server) yield* takeServerList(follower, server);
}

/**
 * Follows the signed-in wallet's list until the sign-in ends (the caller races it with
 * session/ended): its copy in this browser shown at once, then every change both ways, and
 * the first sign-in's question. A first sign-in on this browser keeps the browser's own
 * list shown (and saved) until the server's list has come.
 */
function* followWallet(services: SyncServices, address: string, own: InitialWishlist) {
  removeWalletCopies(address); // another wallet's, left by a sign-in that ended unseen
  let copy = readWalletCopy(address);
  const first = copy === null;
  yield put(syncStatusChanged({ status: 'loading', unsent: unsentIn(copy) }));
  if (copy === null) {
    const answered: { server?: WalletWatchlist | null } = yield race({
      server: call(readUntilAnswered, services),
      saving: call(watchPersistence, own),
    });
    if (!answered.server) return; // the sign-in ended
    // Another tab may have made the copy meanwhile: its is kept.
    copy = readWalletCopy(address) ?? newWalletCopy(services.newId(), answered.server);
  }
  const follower: WalletFollower = {
    address,
    copy,
    shown: yield select(selectWishlist),
    wake: multicastChannel<true>(),
    newId: services.newId,
  };
  updateCopy(follower);
  yield* showCopy(follower, savedWalletRecords(address));
  if (first) yield put(syncNoticeShown({ kind: 'firstSync' }));
  else yield fork(refreshFromServer, services, follower);
  yield* reportStatus(follower, true);

  yield fork(watchPersistence, NOTHING_SAVED, walletListKey(address));
  yield fork(queueLocalEdits, follower);
  yield fork(sendChanges, services, follower);
  yield fork(followEvents, services, follower);
  yield fork(followOtherTabs, follower);
  yield fork(deleteOnRequest, services, follower);
  yield fork(signOutOnRequest, services);
  if (!follower.copy.settled) yield* askFirstQuestion(follower);
}

/** How a sign-in ended: why, and how many changes made here were never sent. */
interface Ending {
  reason: SessionEndReason;
  discarded: number;
}

/**
 * Follows the wallet until the sign-in ends (or another wallet is confirmed), then removes
 * every wallet's copy from this browser.
 */
function* followUntilEnded(services: SyncServices, address: string, own: InitialWishlist) {
  const lower = address.toLowerCase();
  const outcome: { ended?: PayloadAction<{ reason: SessionEndReason }> } = yield race({
    following: call(followWallet, services, address, own),
    ended: take(sessionEnded.type),
    switched: take(
      (action: unknown) =>
        sessionConfirmed.match(action) && action.payload.address.toLowerCase() !== lower,
    ),
  });
  const discarded = unsentIn(readWalletCopy(address));
  removeWalletCopies();
  return {
    reason: outcome.ended?.payload.reason ?? 'accountChanged',
    discarded,
  } satisfies Ending;
}

/** Removes every wallet's copy this browser holds, telling the visitor when there was one. */
function* removeLeftCopies() {
  const wallets = walletStorageKeys()
    .filter(isWalletCopyKey)
    .map((key) => key.slice(WALLET_STORAGE_PREFIX.length).split('/')[0] ?? '');
  if (wallets.length === 0) return;
  const discarded = wallets.reduce((sum, wallet) => sum + unsentIn(readWalletCopy(wallet)), 0);
  removeWalletCopies();
  yield put(syncNoticeShown({ kind: 'sessionEnded', reason: 'endedElsewhere', discarded }));
}

/**
 * At load: the sign-in the auth API confirmed (the boot script's request). Nobody signed
 * in, a wallet's copy left in this browser is removed, and the visitor is told why. When
 * the auth API cannot be asked, the copy stays (it may hold changes not sent yet) and the
 * question is asked again later.
 */
function* confirmSignInAtLoad(services: SyncServices) {
  let found: string | null = yield call(services.signInAtLoad);
  if (found === 'none') return; // no auth API on this page: the wallet is not followed
  for (let failures = 1; found === 'unreadable'; failures += 1) {
    yield call(waitToRetry, services, failures, null);
    try {
      found = yield call(services.currentSignIn);
    } catch {
      found = 'unreadable';
    }
  }
  if (found) {
    yield put(sessionConfirmed({ address: found as `0x${string}` }));
    return;
  }
  yield* removeLeftCopies();
  yield put(sessionAbsent());
}

/** A wallet's copy saved by another tab: a tab that signed in there. */
function otherTabsSignIns(): EventChannel<true> {
  return eventChannel((emit) => {
    const onStorage = (event: StorageEvent) => {
      const created = event.oldValue === null && event.newValue !== null;
      if (created && isWalletCopyKey(event.key ?? '')) emit(true);
    };
    globalThis.addEventListener('storage', onStorage);
    return () => globalThis.removeEventListener('storage', onStorage);
  });
}

/** Signed out here while another tab signs in: this tab asks the auth API, and follows too. */
function* followOtherTabsSignIns(services: SyncServices) {
  if (typeof globalThis.addEventListener !== 'function') return;
  const signIns: EventChannel<true> = yield call(otherTabsSignIns);
  while (true) {
    yield take(signIns);
    const signedIn: string | null = yield select(selectSignedInAddress);
    if (signedIn !== null) continue;
    try {
      const address: string | null = yield call(services.currentSignIn);
      if (address) yield put(sessionConfirmed({ address: address as `0x${string}` }));
    } catch (error) {
      console.warn('[token-portfolio] could not read the sign-in session', error);
    }
  }
}

/**
 * The list's owner from the moment a wallet is to be followed, for the page's lifetime: the
 * wallet's list while signed in; at the end of a sign-in the browser's own list again, as it
 * was saved, with a message saying why; the browser's own list (saved as always) while
 * signed out. Started by a sign-in, the load's answer is already known.
 */
export function* walletWatchlistSaga(services: SyncServices, initial: InitialWishlist) {
  injectSharedSlice(syncSlice);
  const known: boolean = yield select(selectSessionKnown);
  if (!known) yield fork(confirmSignInAtLoad, services);
  yield fork(followOtherTabsSignIns, services);
  let own = initial;
  while (true) {
    let address: string | null = yield select(selectSignedInAddress);
    if (address === null) {
      const { confirmed }: { confirmed?: PayloadAction<{ address: string }> } = yield race({
        saving: call(watchPersistence, own),
        confirmed: take(sessionConfirmed.type),
      });
      address = confirmed?.payload.address ?? null;
      if (address === null) continue;
    }
    const ending: Ending = yield call(followUntilEnded, services, address, own);
    own = loadInitialWishlist();
    const shown: WishlistState = { ids: own.saved.ids, entities: own.saved.entities };
    yield put(syncedListShown(shown));
    yield put(syncNoticeShown({ kind: 'sessionEnded', ...ending }));
  }
}

/** Each time the browser comes back online. */
function onlineAgain(): EventChannel<true> {
  return eventChannel((emit) => {
    const onOnline = () => emit(true);
    globalThis.addEventListener?.('online', onOnline);
    return () => globalThis.removeEventListener?.('online', onOnline);
  });
}

/** The services of a page: the API at its own origin, the browser's EventSource. */
function browserSyncServices(): SyncServices {
  const api = watchlistApi(globalThis.location.origin);
  return {
    api,
    events: (since) => watchlistEvents((from) => api.eventsUrl(from), since),
    newId: () => globalThis.crypto.randomUUID(),
    signInAtLoad: async () => {
      const state = await signInState();
      if (state.auth === 'none') return 'none';
      return state.unreadable ? 'unreadable' : state.session.address;
    },
    currentSignIn,
    online: onlineAgain,
    signOut: async () => {
      const response = await fetch(new URL('/api/auth/logout', globalThis.location.origin), {
        method: 'POST',
      });
      if (!response.ok) throw new Error(`The auth API answered ${response.status}`);
    },
  };
}

/** The list's owner of a page (listOwnerSaga.ts starts it). */
export const browserWalletWatchlistSaga = (initial: InitialWishlist) =>
  walletWatchlistSaga(browserSyncServices(), initial);
