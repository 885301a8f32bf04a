// The browser's copy of the signed-in wallet's watchlist (docs/architecture.md#the-wallets-
// watchlist-in-the-page): the server's list as last known, and the changes made here that
// the server has not applied yet. Every tab of the browser reads and writes the same copy.
import * as v from 'valibot';
import { coreForSyncCode } from './coreHandover';
import { withChanges, type Token } from './listChanges';
import {
  changeSchema,
  walletWatchlistSchema,
  type Change,
  type WalletWatchlist,
  uuidSchema,
} from './watchlistBodies';

const { WALLET_STORAGE_PREFIX, walletCopyKey, walletStorageKeys } = coreForSyncCode();

/** A change made in this browser, until the server's list includes it. */
export interface PendingChange {
  change: Change;
  /** The edit it came from: changes of one edit are kept or refused together (the cap). */
  edit: string;
  /**
   * The server's version the list showed when the change was made: another device's change
   * of the token after it is one this change crossed (the server marks it `crossed`).
   */
  baseVersion: number;
  /** The version the server gave it once applied; null until the server said so. */
  applied: number | null;
}

export interface WalletCopy {
  /** This browser as the server knows it (the server names the devices of crossed changes). */
  deviceId: string;
  /** The server's list as this browser last knew it. */
  server: WalletWatchlist;
  /** Changes made here, oldest first, until `server` includes them. */
  pending: PendingChange[];
  /** The first sign-in's question was answered (or not needed) on this browser. */
  settled: boolean;
}

const copySchema = v.pipe(
  v.object({
    deviceId: uuidSchema('deviceId'),
    server: walletWatchlistSchema,
    pending: v.array(
      v.object({
        change: changeSchema,
        edit: v.string(),
        baseVersion: v.optional(walletWatchlistSchema.entries.version),
        applied: v.nullable(v.number()),
      }),
    ),
    // Not v.boolean(): the core's copy of valibot has no use for it (coreForSync.ts).
    settled: v.custom<boolean>((value) => typeof value === 'boolean'),
  }),
  // A copy saved before changes kept their base version: its changes were made at the
  // server's version it holds or earlier; they are sent with that one, as they were then.
  v.transform(({ pending, ...copy }): WalletCopy => ({
    ...copy,
    pending: pending.map(({ baseVersion = copy.server.version, ...entry }) => ({
      ...entry,
      baseVersion,
    })),
  })),
);

// docs/product.md#errors-and-empty-states: storage failures are console warnings only.
const warn = (what: string, error: unknown) =>
  console.warn(`[token-portfolio] ${what}:`, error instanceof Error ? error.message : error);

/** A copy from its saved text; null when there is none or it cannot be read. */
export function parseWalletCopy(text: string | null): WalletCopy | null {
  if (text === null) return null;
  try {
    const parsed = v.safeParse(copySchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function readWalletCopy(address: string): WalletCopy | null {
  try {
    return parseWalletCopy(globalThis.localStorage.getItem(walletCopyKey(address)));
  } catch (error) {
    warn('could not read the saved copy of the wallet’s watchlist', error);
    return null;
  }
}

export function writeWalletCopy(address: string, copy: WalletCopy): void {
  try {
    globalThis.localStorage.setItem(walletCopyKey(address), JSON.stringify(copy));
  } catch (error) {
    warn('could not save the copy of the wallet’s watchlist on this device', error);
  }
}

/** Removes the copies of every wallet but `keep` (all of them without one). */
export function removeWalletCopies(keep: string | null = null): void {
  const kept = keep === null ? null : `${WALLET_STORAGE_PREFIX}${keep.toLowerCase()}/`;
  for (const key of walletStorageKeys()) {
    if (kept !== null && key.startsWith(kept)) continue;
    try {
      globalThis.localStorage.removeItem(key);
    } catch (error) {
      warn('could not remove a wallet’s watchlist from this device', error);
    }
  }
}

export const newWalletCopy = (deviceId: string, server: WalletWatchlist): WalletCopy => ({
  deviceId,
  server,
  pending: [],
  settled: false,
});

/** The changes the server has not said it applied, oldest first. */
export const unsentChanges = (copy: WalletCopy): PendingChange[] =>
  copy.pending.filter((pending) => pending.applied === null);

/** What the page shows: the server's list with this browser's changes on top. */
export const shownTokens = (copy: WalletCopy): Token[] =>
  withChanges(
    copy.server.tokens,
    copy.pending.map(({ change }) => change),
  );

/** `pending` without the changes `server` includes already. */
const notYetIn = (pending: PendingChange[], server: WalletWatchlist) =>
  pending.filter(({ applied }) => applied === null || applied > server.version);

/**
 * The copy with a newer list of the server's (a snapshot, or the list with more changes
 * applied): changes it includes leave the pending ones. An older list changes nothing.
 */
export function withServerList(copy: WalletCopy, server: WalletWatchlist): WalletCopy {
  if (server.version < copy.server.version) return copy;
  return { ...copy, server, pending: notYetIn(copy.pending, server) };
}

/**
 * Two tabs' copies as one: the newer server list, every pending change of either (a
 * change one tab saw applied counts as applied), none lost. The saved copy's order comes
 * first: it holds every change saved before, in the order made.
 */
export function mergeWalletCopies(saved: WalletCopy, mine: WalletCopy): WalletCopy {
  const server = saved.server.version >= mine.server.version ? saved.server : mine.server;
  const appliedAt = new Map<string, number>();
  for (const { change, applied } of [...saved.pending, ...mine.pending]) {
    if (applied !== null) appliedAt.set(change.changeId, applied);
  }
  const savedIds = new Set(saved.pending.map(({ change }) => change.changeId));
  const pending = [
    ...saved.pending,
    ...mine.pending.filter(({ change }) => !savedIds.has(change.changeId)),
  ].map((entry) => ({ ...entry, applied: appliedAt.get(entry.change.changeId) ?? null }));
  return {
    deviceId: saved.deviceId,
    server,
    pending: notYetIn(pending, server),
    settled: saved.settled || mine.settled,
  };
}
