// What the sagas following a signed-in wallet share, and the steps they all take on it:
// saving the copy (merged with other tabs'), queueing the visitor's edits, showing the
// wallet's list (docs/architecture.md#the-wallets-watchlist-in-the-page).
import type { MulticastChannel } from 'redux-saga';
import * as v from 'valibot';
import type { WishlistEntity, WishlistState } from '../wishlist/wishlistSlice';
import { coreForSyncCode } from './coreHandover';
import { changesBetween, tokensOf, type Edit, type Token } from './listChanges';
import {
  mergeWalletCopies,
  readWalletCopy,
  shownTokens,
  writeWalletCopy,
  type PendingChange,
  type WalletCopy,
} from './walletCopy';
import { changeSchema, type Change } from './watchlistBodies';

const { computeValue, isLoadedCoin, parseSavedWishlist, readSavedText, walletListKey } =
  coreForSyncCode();

export interface WalletFollower {
  address: string;
  copy: WalletCopy;
  /** The list as last shown or accounted for: what differs from it is the visitor's edit. */
  shown: WishlistState;
  /**
   * Told when changes wait to be sent. Told only while the sender waits (a wake while it is
   * busy is not kept: it looks for unsent changes before it waits again). A buffered
   * channel would bring redux-saga's buffers into every first paint (coreForSync.ts).
   */
  wake: MulticastChannel<true>;
  /** Makes changeIds and edit ids (random UUIDs). */
  newId: () => string;
  /** 'Delete my saved watchlist' is on its way: the stream's 'deleted' is this page's own. */
  deleting?: boolean;
  /** The server's words when it last said it cannot keep the list now (503 unavailable). */
  problem?: string | null;
}

/**
 * Saves the copy changed by `update`, on top of what other tabs saved meanwhile (none of
 * their changes is lost), and keeps the result.
 */
export function updateCopy(
  follower: WalletFollower,
  update: (copy: WalletCopy) => WalletCopy = (copy) => copy,
): void {
  const saved = readWalletCopy(follower.address);
  const base = saved ? mergeWalletCopies(saved, follower.copy) : follower.copy;
  follower.copy = update(base);
  writeWalletCopy(follower.address, follower.copy);
}

/**
 * The edits as changes with their ids, made on the server's version the list shows now; a
 * change the server would refuse is left out, with a warning.
 */
function pendingOf(follower: WalletFollower, edits: readonly Edit[]): PendingChange[] {
  const edit = follower.newId();
  const baseVersion = follower.copy.server.version;
  const pending: PendingChange[] = [];
  for (const made of edits) {
    const change = { ...made, changeId: follower.newId() };
    if (v.safeParse(changeSchema, change).success)
      pending.push({ change: change as Change, edit, baseVersion, applied: null });
    else console.warn(`[token-portfolio] the token '${made.id}' cannot be saved with the wallet`);
  }
  return pending;
}

/** Queues edits as pending changes of one edit, and wakes the sender. */
export function queueEdits(follower: WalletFollower, edits: readonly Edit[]): void {
  const pending = pendingOf(follower, edits);
  if (pending.length === 0) return;
  updateCopy(follower, (copy) => ({ ...copy, pending: [...copy.pending, ...pending] }));
  follower.wake.put(true);
}

/**
 * The visitor's edits since the list was last accounted for (any action: Add Token, Remove,
 * Undo, holdings, wallet balances, an import), queued as changes.
 */
export function accountForEdits(follower: WalletFollower, current: WishlistState): void {
  if (current === follower.shown) return;
  const edits = changesBetween(tokensOf(follower.shown), tokensOf(current));
  follower.shown = current;
  queueEdits(follower, edits);
}

/** An entity with these holdings: market data kept, value worked out again. */
function withHoldings(entity: WishlistEntity, holdings: string): WishlistEntity {
  if (isLoadedCoin(entity)) {
    if (entity.holdings === holdings) return entity;
    return { ...entity, holdings, value: computeValue(holdings, entity.current_price) };
  }
  return holdings === '0' ? null : { holdings, value: null };
}

/**
 * The wishlist showing `tokens`: each token's market data from the list shown, else from
 * `records` (the wallet's list saved for the first paint), else none yet.
 */
export function wishlistShowing(
  tokens: readonly Token[],
  shown: WishlistState,
  records: WishlistState['entities'] = {},
): WishlistState {
  const entities: WishlistState['entities'] = {};
  for (const { id, holdings } of tokens) {
    const known = Object.hasOwn(shown.entities, id) ? shown.entities[id] : undefined;
    const saved = Object.hasOwn(records, id) ? records[id] : undefined;
    const market = isLoadedCoin(known ?? null) ? known : (saved ?? known ?? null);
    entities[id] = withHoldings(market ?? null, holdings);
  }
  return { ids: tokens.map(({ id }) => id), entities };
}

/** The records of the wallet's list as last shown in this browser (none when unreadable). */
export function savedWalletRecords(address: string): WishlistState['entities'] {
  const text = readSavedText(walletListKey(address));
  if (typeof text !== 'string') return {};
  try {
    return parseSavedWishlist(text).entities;
  } catch {
    return {};
  }
}

/** Whether two lists hold the same tokens, holdings and order. */
export const sameTokens = (a: readonly Token[], b: readonly Token[]) =>
  a.length === b.length &&
  a.every((token, index) => token.id === b[index]?.id && token.holdings === b[index]?.holdings);

/** The list to show for the copy, or null when the list shown is that already. */
export function listToShow(
  follower: WalletFollower,
  current: WishlistState,
  records?: WishlistState['entities'],
): WishlistState | null {
  const tokens = shownTokens(follower.copy);
  if (sameTokens(tokens, tokensOf(current))) return null;
  return wishlistShowing(tokens, current, records);
}
