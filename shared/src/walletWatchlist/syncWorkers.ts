// The steps of following a signed-in wallet's list: taking the server's answers and events
// into the copy, showing the result, and saying what crossed (docs/architecture.md#the-
// wallets-watchlist-in-the-page). The loops that drive them are in syncWatchers.ts.
import type { WishlistState } from '../wishlist/wishlistSlice';
import { coreForSyncCode } from './coreHandover';
import { syncNoticeShown, syncStatusChanged } from './syncReducer';
import { applyChange, type Token } from './listChanges';
import type { SyncNotice, SyncStatus } from './syncSlice';
import { unsentChanges, withServerList, type WalletCopy } from './walletCopy';
import { accountForEdits, listToShow, updateCopy, type WalletFollower } from './walletFollower';
import type { AppliedChange, Change, ChangesAnswer, WalletWatchlist } from './watchlistBodies';

const { isLoadedCoin, put, select, selectWishlist, sessionEnded, syncedListShown } =
  coreForSyncCode();

/** Shows the copy's list (the server's with the pending changes on top), after noting the visitor's edits. */
export function* showCopy(follower: WalletFollower, records?: WishlistState['entities']) {
  const current: WishlistState = yield select(selectWishlist);
  accountForEdits(follower, current);
  const next = listToShow(follower, current, records);
  if (next) yield put(syncedListShown(next));
  follower.shown = yield select(selectWishlist);
}

/**
 * The status the copy stands at; `reachable`: whether the server answered last time. Changes
 * waiting while the server says it cannot keep the list carry its words, not 'will sync'.
 */
export function* reportStatus(follower: WalletFollower, reachable: boolean) {
  const unsent = unsentChanges(follower.copy).length;
  const status: SyncStatus = unsent === 0 ? 'saved' : reachable ? 'sending' : 'waiting';
  const problem = status === 'waiting' ? (follower.problem ?? null) : null;
  yield put(syncStatusChanged({ status, unsent, problem }));
}

/**
 * The server's list with `changes` applied, as far as they follow on from its version
 * without a gap (the rest comes with the event stream or the next snapshot).
 */
export function advance(
  server: WalletWatchlist,
  changes: readonly AppliedChange[],
): WalletWatchlist {
  const byVersion = new Map(changes.map((applied) => [applied.version, applied.change]));
  let { version } = server;
  let tokens: Token[] | null = null;
  for (let next = byVersion.get(version + 1); next; next = byVersion.get(version + 1)) {
    tokens ??= [...server.tokens];
    applyChange(tokens, next);
    version += 1;
  }
  return tokens ? { version, tokens } : server;
}

/** The copy with changes the server applied (anyone's): ours are no longer pending once the list includes them. */
export function withAppliedChanges(
  copy: WalletCopy,
  applied: readonly AppliedChange[],
): WalletCopy {
  const versionOf = new Map(applied.map((entry) => [entry.change.changeId, entry.version]));
  const pending = copy.pending.map((entry) => {
    const version = versionOf.get(entry.change.changeId);
    return version === undefined || entry.applied !== null ? entry : { ...entry, applied: version };
  });
  return withServerList({ ...copy, pending }, advance(copy.server, applied));
}

/** A token's name for a message: its market name when known, else its id. */
function nameOf(wishlist: WishlistState, id: string): string {
  const entity = wishlist.entities[id] ?? null;
  const name = isLoadedCoin(entity) ? entity.name?.trim() : '';
  return name || id;
}

const isEdit = (kind: Change['kind']) => kind === 'add' || kind === 'holdings';

/**
 * The messages of crossed changes (docs/product.md#your-watchlist-follows-your-wallet). Ours that brought back a
 * token removed elsewhere; others' that brought back one, or removed one edited here.
 */
function crossingNotices(
  deviceId: string,
  wishlist: WishlistState,
  ours: readonly AppliedChange[],
  theirs: readonly AppliedChange[],
): SyncNotice[] {
  const notices: SyncNotice[] = [];
  for (const { change, crossed } of ours) {
    if (crossed?.kind === 'remove' && isEdit(change.kind)) {
      notices.push({ kind: 'broughtBack', name: nameOf(wishlist, change.id) });
    }
  }
  for (const { change, crossed, deviceId: by } of theirs) {
    if (!crossed || by === deviceId) continue;
    if (crossed.kind === 'remove' && isEdit(change.kind)) {
      notices.push({ kind: 'back', name: nameOf(wishlist, change.id) });
    } else if (change.kind === 'remove' && crossed.deviceId === deviceId) {
      notices.push({ kind: 'removedElsewhere', name: nameOf(wishlist, change.id) });
    }
  }
  return notices;
}

/** Says each notice once. */
export function* showNotices(notices: readonly SyncNotice[]) {
  for (const notice of notices) yield put(syncNoticeShown(notice));
}

/**
 * Takes the answer to sent changes: they are applied (or were, a retry), the server's list
 * moves on by them and by what other devices did meanwhile (`missed`, or a `snapshot`),
 * crossings are said, and the list is shown.
 */
export function* takeAnswer(
  follower: WalletFollower,
  sent: readonly Change[],
  answer: ChangesAnswer,
) {
  const changeById = new Map(sent.map((change) => [change.changeId, change]));
  const ours: AppliedChange[] = [];
  for (const { changeId, version, crossed } of answer.results) {
    const change = changeById.get(changeId);
    if (change) {
      ours.push({ version, deviceId: follower.copy.deviceId, change, ...(crossed && { crossed }) });
    }
  }
  const theirs = answer.missed ?? [];
  const before: WishlistState = yield select(selectWishlist);
  updateCopy(follower, (copy) => {
    const applied = withAppliedChanges(copy, [...ours, ...theirs]);
    return answer.snapshot ? withServerList(applied, answer.snapshot) : applied;
  });
  yield* showNotices(crossingNotices(follower.copy.deviceId, before, ours, theirs));
  yield* showCopy(follower);
}

/** Takes changes the event stream brought (every device's); crossings of others' are said. */
export function* takeStreamedChanges(follower: WalletFollower, changes: readonly AppliedChange[]) {
  const before: WishlistState = yield select(selectWishlist);
  const { deviceId } = follower.copy;
  // A change sent from this browser (any tab) is ours: its crossing was said with its answer.
  const mine = new Set(follower.copy.pending.map(({ change }) => change.changeId));
  const theirs = changes.filter(
    (applied) => applied.deviceId !== deviceId && !mine.has(applied.change.changeId),
  );
  updateCopy(follower, (copy) => withAppliedChanges(copy, changes));
  yield* showNotices(crossingNotices(deviceId, before, [], theirs));
  yield* showCopy(follower);
}

/**
 * Takes the server's whole list (a read, or a snapshot of the stream). A list older than the
 * copy's means it was deleted (on another device) and started again: the sign-in ends here.
 * True when it was taken.
 */
export function* takeServerList(follower: WalletFollower, server: WalletWatchlist) {
  if (server.version < follower.copy.server.version) {
    yield put(sessionEnded({ reason: 'deletedElsewhere' }));
    return false;
  }
  updateCopy(follower, (copy) => withServerList(copy, server));
  yield* showCopy(follower);
  return true;
}
