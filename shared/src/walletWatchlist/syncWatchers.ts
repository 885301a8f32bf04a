// The loops of following a signed-in wallet's list, started together by followWallet
// (walletWatchlistSaga.ts): sending changes, the event stream, the visitor's edits, other
// tabs, and Delete (docs/architecture.md#the-wallets-watchlist-in-the-page).
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import type { WishlistState } from '../wishlist/wishlistSlice';
import { coreForSyncCode } from './coreHandover';
import { syncNoticeShown, syncStatusChanged } from './syncReducer';
import {
  reportStatus,
  showCopy,
  takeAnswer,
  takeServerList,
  takeStreamedChanges,
} from './syncWorkers';
import {
  mergeWalletCopies,
  parseWalletCopy,
  unsentChanges,
  writeWalletCopy,
  type PendingChange,
  type WalletCopy,
} from './walletCopy';
import { accountForEdits, updateCopy, type WalletFollower } from './walletFollower';
import type { Answer, WatchlistApi } from './watchlistApi';
import type { WatchlistEvent } from './watchlistEvents';
import { MAX_CHANGES_PER_REQUEST, type Change, type WalletWatchlist } from './watchlistBodies';

const {
  call,
  delay,
  eventChannel,
  pricesReceived,
  put,
  race,
  refreshPrices,
  retryWait,
  savedWatchlistDeleteRequested,
  select,
  selectWishlist,
  sessionEnded,
  setCoinsData,
  signOutRequested,
  spawn,
  syncedListShown,
  take,
  takeLeading,
  walletCopyKey,
} = coreForSyncCode();

/** What following a wallet needs from outside the store (the browser's, or a test's). */
export interface SyncServices {
  api: WatchlistApi;
  /** The event stream from `since`. */
  events(since: number): EventChannel<WatchlistEvent>;
  /** A random UUID. */
  newId(): string;
  /**
   * Who was signed in when the page opened: the address, or null for nobody; 'none' where
   * the page has no auth API, 'unreadable' when it could not be asked.
   */
  signInAtLoad(): Promise<string | null>;
  /** Who is signed in now (asked again, or when another tab signed in); throws when the auth API cannot be asked. */
  currentSignIn(): Promise<string | null>;
  /** Each time the browser is back online. */
  online(): EventChannel<true>;
  /** Ends the sign-in session on the server (the auth API's logout); throws when it could not. */
  signOut(): Promise<void>;
}

/** Largest request body sent: below the server's 256 KB with room to spare. */
export const MAX_BATCH_CHARACTERS = 200_000;

/** Waits before trying again, or less when the browser comes back online. */
export function* waitToRetry(
  services: SyncServices,
  failures: number,
  retryAfterMs: number | null,
) {
  const online: EventChannel<true> = yield call(services.online);
  try {
    yield race({ wait: delay(retryWait(failures, retryAfterMs)), online: take(online) });
  } finally {
    online.close();
  }
}

/** The sign-in ended, as a refused request says it (a 401). */
const signedOutElsewhere = () => put(sessionEnded({ reason: 'endedElsewhere' }));

/**
 * The wallet's list from the server, asked until it answers (waiting longer each time it
 * cannot be reached); null when the sign-in has ended (the session/ended is put).
 */
export function* readUntilAnswered(services: SyncServices) {
  for (let failures = 1; ; failures += 1) {
    const answer: Answer<WalletWatchlist> = yield call(services.api.read);
    if (answer.ok) return answer.value;
    if (answer.kind === 'signedOut') {
      yield signedOutElsewhere();
      return null;
    }
    if (answer.kind !== 'unreachable' && answer.kind !== 'unavailable') {
      console.warn(`[token-portfolio] ${answer.kind}`);
    }
    const problem = answer.kind === 'unavailable' ? answer.message : null;
    yield put(syncStatusChanged({ status: 'waiting', unsent: 0, problem }));
    yield call(waitToRetry, services, failures, retryAfterOf(answer));
  }
}

const retryAfterOf = (answer: Answer<unknown>) =>
  !answer.ok && (answer.kind === 'unreachable' || answer.kind === 'unavailable')
    ? answer.retryAfterMs
    : null;

/** Changes sent in one request, and the version the list showed when they were made. */
export interface Batch {
  baseVersion: number;
  changes: Change[];
}

/**
 * The first unsent changes, as many as one request takes, made on the same version of the
 * list: a request has one baseVersion, and a change sent with an older one than its own
 * would be told it crossed changes it was made on top of.
 */
export function batchOf(unsent: readonly PendingChange[]): Batch {
  const baseVersion = unsent[0]?.baseVersion ?? 0;
  const changes: Change[] = [];
  let characters = 0;
  for (const pending of unsent.slice(0, MAX_CHANGES_PER_REQUEST)) {
    if (pending.baseVersion !== baseVersion) break;
    characters += JSON.stringify(pending.change).length + 1;
    if (changes.length > 0 && characters > MAX_BATCH_CHARACTERS) break;
    changes.push(pending.change);
  }
  return { baseVersion, changes };
}

/** The copy without these changes (the server will never take them). */
const without = (changeIds: ReadonlySet<string>) => (copy: WalletCopy) => ({
  ...copy,
  pending: copy.pending.filter(({ change }) => !changeIds.has(change.changeId)),
});

/**
 * The server refused additions past the cap: the latest edits of the batch that add tokens
 * are dropped until what is left fits in `room`, and the visitor is told how many fit.
 */
function* refuseAdditions(follower: WalletFollower, batch: readonly Change[], room: number) {
  const onServer = new Set(follower.copy.server.tokens.map(({ id }) => id));
  const sent = new Set(batch.map(({ changeId }) => changeId));
  const edits = [
    ...new Set(follower.copy.pending.filter((p) => sent.has(p.change.changeId)).map((p) => p.edit)),
  ];
  const additions = (edit: string) =>
    follower.copy.pending.filter(
      (p) => p.edit === edit && p.change.kind === 'add' && !onServer.has(p.change.id),
    ).length;
  let count = edits.reduce((sum, edit) => sum + additions(edit), 0);
  const refused = new Set<string>();
  for (const edit of [...edits].reverse()) {
    if (count <= room) break;
    if (additions(edit) === 0) continue;
    count -= additions(edit);
    refused.add(edit);
  }
  const changeIds = new Set(
    follower.copy.pending.filter((p) => refused.has(p.edit)).map((p) => p.change.changeId),
  );
  updateCopy(follower, without(changeIds));
  yield put(syncNoticeShown({ kind: 'full', room }));
  yield* showCopy(follower);
}

/**
 * Sends the unsent changes, a batch at a time, each with the server's version the list
 * reflected when they were made; waits when there are none. When the server cannot be
 * reached the changes stay in the copy ('Saved on this device; will sync') and are sent
 * again later, with the same changeIds (the server applies each once).
 */
export function* sendChanges(services: SyncServices, follower: WalletFollower) {
  let failures = 0;
  while (true) {
    const unsent = unsentChanges(follower.copy);
    yield* reportStatus(follower, failures === 0);
    if (unsent.length === 0) {
      // With a pattern: redux-saga gives a multicast channel's taker no matcher without one.
      yield take(follower.wake, '*');
      continue;
    }
    const { baseVersion, changes: batch } = batchOf(unsent);
    const answer: Awaited<ReturnType<WatchlistApi['send']>> = yield call(services.api.send, {
      deviceId: follower.copy.deviceId,
      baseVersion,
      changes: batch,
    });
    if (answer.ok) {
      failures = 0;
      follower.problem = null;
      yield* takeAnswer(follower, batch, answer.value);
    } else if (answer.kind === 'signedOut') {
      yield signedOutElsewhere();
      return;
    } else if (answer.kind === 'full') {
      yield* refuseAdditions(follower, batch, answer.room);
    } else if (answer.kind === 'rejected') {
      // It would be refused again as it is: kept, the queue would never move on.
      console.warn(`[token-portfolio] the saved watchlist refused changes: ${answer.message}`);
      updateCopy(follower, without(new Set(batch.map(({ changeId }) => changeId))));
      yield* showCopy(follower);
    } else {
      // Kept here and sent again later, the longer apart the more attempts failed.
      failures += 1;
      follower.problem = answer.kind === 'unavailable' ? answer.message : null;
      yield* reportStatus(follower, false);
      yield call(waitToRetry, services, failures, answer.retryAfterMs);
    }
  }
}

/** One stream's events, until it ends. */
function* takeEvents(follower: WalletFollower, events: EventChannel<WatchlistEvent>) {
  while (true) {
    const event: WatchlistEvent = yield take(events);
    switch (event.type) {
      case 'changes':
        yield* takeStreamedChanges(follower, event.data.changes);
        break;
      case 'snapshot':
        yield* takeServerList(follower, event.data);
        break;
      case 'deleted':
        // Deleted here: the Delete worker ends the sign-in itself.
        if (!follower.deleting) yield put(sessionEnded({ reason: 'deletedElsewhere' }));
        break;
      case 'signedOut':
        yield put(
          sessionEnded({ reason: event.reason === 'expired' ? 'expired' : 'endedElsewhere' }),
        );
        break;
      default:
        break; // 'open', 'lost', 'closed': the browser connects again, or the loop below does
    }
  }
}

/**
 * Follows the event stream from the copy's version: every change of every device, within
 * moments. When the browser gives the stream up (refused, or the server gone), asks the
 * list once (a 401 ends the sign-in) and opens a new stream from the version then known,
 * waiting longer each time.
 */
export function* followEvents(services: SyncServices, follower: WalletFollower) {
  for (let failures = 0; ; failures += 1) {
    const events: EventChannel<WatchlistEvent> = yield call(
      services.events,
      follower.copy.server.version,
    );
    try {
      yield call(takeEvents, follower, events);
    } finally {
      events.close();
    }
    const answer: Answer<WalletWatchlist> = yield call(services.api.read);
    if (!answer.ok && answer.kind === 'signedOut') {
      yield signedOutElsewhere();
      return;
    }
    if (answer.ok) yield* takeServerList(follower, answer.value);
    yield call(waitToRetry, services, failures + 1, retryAfterOf(answer));
  }
}

/** Market data merged: the visitor changed nothing (the merge keeps holdings and order). */
const isMarketMerge = (action: Action): boolean =>
  pricesReceived.match(action) || setCoinsData.match(action) || refreshPrices.match(action);

/**
 * The visitor's edits, whichever action made them: after each action that changed the list
 * (not a market merge, not a list the sync showed), the change of tokens, order and
 * holdings is queued. Nothing here waits, so no action passes unseen.
 */
export function* queueLocalEdits(follower: WalletFollower) {
  while (true) {
    const action: UnknownAction = yield take('*');
    const current: WishlistState = yield select(selectWishlist);
    if (current === follower.shown) continue;
    const unchangedTokens = isMarketMerge(action) && current.ids === follower.shown.ids;
    if (syncedListShown.match(action) || unchangedTokens) {
      follower.shown = current;
      continue;
    }
    accountForEdits(follower, current);
    yield* reportStatus(follower, true);
  }
}

/** The copy each time another tab saves it; null when another tab removed it (signed out there). */
function otherTabsCopies(address: string): EventChannel<{ text: string | null }> {
  const key = walletCopyKey(address);
  return eventChannel((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) emit({ text: event.newValue });
    };
    globalThis.addEventListener('storage', onStorage);
    return () => globalThis.removeEventListener('storage', onStorage);
  });
}

/**
 * Other tabs of this browser: their changes join this tab's copy (and the other way round,
 * when this tab holds changes theirs lacked); their sign-out ends this tab's.
 */
export function* followOtherTabs(follower: WalletFollower) {
  if (typeof globalThis.addEventListener !== 'function') return;
  const saves: EventChannel<{ text: string | null }> = yield call(
    otherTabsCopies,
    follower.address,
  );
  try {
    while (true) {
      const { text }: { text: string | null } = yield take(saves);
      if (text === null) {
        yield put(sessionEnded({ reason: 'endedElsewhere' }));
        return;
      }
      const theirs = parseWalletCopy(text);
      if (!theirs) continue;
      const merged = mergeWalletCopies(theirs, follower.copy);
      follower.copy = merged;
      if (JSON.stringify(merged) !== JSON.stringify(theirs))
        writeWalletCopy(follower.address, merged);
      yield* showCopy(follower);
      yield* reportStatus(follower, true);
    }
  } finally {
    saves.close();
  }
}

/**
 * 'Delete my saved watchlist': the server's copy goes at once, and with it the sign-in
 * (docs/product.md#delete-my-saved-watchlist); this browser's own list stays.
 */
export function* deleteOnRequest(services: SyncServices, follower: WalletFollower) {
  yield takeLeading(savedWatchlistDeleteRequested.type, function* deleteSavedWatchlist() {
    follower.deleting = true;
    const answer: Answer<null> = yield call(services.api.remove);
    if (answer.ok) {
      yield put(sessionEnded({ reason: 'deleted' }));
      return;
    }
    follower.deleting = false;
    if (answer.kind === 'signedOut') {
      yield signedOutElsewhere();
      return;
    }
    yield put(
      syncNoticeShown({ kind: 'deleteFailed', message: 'message' in answer ? answer.message : '' }),
    );
  });
}

/** The server's end of a sign-out: a failure only warns (signed out on this page whatever it answers). */
function* endServerSession(services: SyncServices) {
  try {
    yield call(services.signOut);
  } catch (error) {
    console.warn('[token-portfolio] could not end the sign-in session on the server', error);
  }
}

/**
 * The saved watchlist's own Sign out (docs/product.md#signing-out-with-changes-not-sent), once
 * the visitor confirmed when changes were waiting: the page hears it first, as with the
 * header's sign-out, so it says why before the server ends the event stream.
 */
export function* signOutOnRequest(services: SyncServices) {
  yield take(signOutRequested.type);
  // Spawned: the sign-in's end cancels this saga, not the server's request.
  yield spawn(endServerSession, services);
  yield put(sessionEnded({ reason: 'signedOut' }));
}
