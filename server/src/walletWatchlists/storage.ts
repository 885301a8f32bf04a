// Where wallets' watchlists are kept: a folder of JSON files (one server) or Redis (several
// servers), behind one interface; walletWatchlists.ts holds the logic over either.
import type { AppliedChange } from '@token-portfolio/shared/watchlist-bodies';
import type { WalletState } from './walletState';

/** A wallet: its address, lower-cased (0x + 40 hex). */
export type Wallet = string;

/** What the pages of a wallet are told, by every server. */
export type WalletEvent =
  | { type: 'changes'; version: number; changes: AppliedChange[] }
  | { type: 'deleted' }
  /** This server may have missed events (its Redis connection was away): compare versions. */
  | { type: 'resync' };

export type WalletListener = (event: WalletEvent) => void;

/** The share of the store's room past which lists may no longer grow (see hasRoom). */
export const FULL_AT = 0.9;

export interface WalletStorage {
  /** The wallet's state, or null when it has no list. */
  load(wallet: Wallet): Promise<WalletState | null>;
  /**
   * Saves `state` if the stored one is still at `expectedVersion` (0: none), and tells
   * the wallet's listeners on every server `event` (null: nothing to tell). False when
   * another server saved first (the caller loads and applies again).
   */
  save(
    wallet: Wallet,
    state: WalletState,
    expectedVersion: number,
    event: WalletEvent | null,
  ): Promise<boolean>;
  /** Deletes the wallet's list at once and tells its listeners `deleted`. */
  remove(wallet: Wallet): Promise<void>;
  /**
   * Whether lists may grow: false once the store uses FULL_AT of what it may (Redis memory,
   * the disk under DATA_DIR), so that what every visitor shares (sign-in sessions, limits,
   * market data, the file system) keeps its room.
   */
  hasRoom(): Promise<boolean>;
  /** The wallets whose lists retention must look at; none where the storage expires them itself. */
  wallets(): AsyncIterable<Wallet>;
  /** Hears the wallet's events from every server; resolves once listening, with the stop. */
  subscribe(wallet: Wallet, listener: WalletListener): Promise<() => void>;
  close(): Promise<void>;
}

/** The listeners of each wallet on this server. */
export class WalletListeners {
  readonly #byWallet = new Map<Wallet, Set<WalletListener>>();

  /** Adds one; `first` says whether it is the wallet's first (to start listening). */
  add(wallet: Wallet, listener: WalletListener): { first: boolean } {
    const listeners = this.#byWallet.get(wallet) ?? new Set();
    listeners.add(listener);
    this.#byWallet.set(wallet, listeners);
    return { first: listeners.size === 1 };
  }

  /** Removes one; `last` says whether the wallet has none left (to stop listening). */
  delete(wallet: Wallet, listener: WalletListener): { last: boolean } {
    const listeners = this.#byWallet.get(wallet);
    if (!listeners?.delete(listener)) return { last: false };
    if (listeners.size > 0) return { last: false };
    this.#byWallet.delete(wallet);
    return { last: true };
  }

  tell(wallet: Wallet, event: WalletEvent): void {
    for (const listener of this.#byWallet.get(wallet) ?? []) listener(event);
  }

  tellEveryone(event: WalletEvent): void {
    for (const wallet of this.#byWallet.keys()) this.tell(wallet, event);
  }
}

/** No storage configured (no DATA_DIR, no Redis): the saved watchlist cannot be reached. */
export class NoStorage implements WalletStorage {
  #fail(): never {
    throw new Error('no storage is configured for saved watchlists');
  }
  load = async () => this.#fail();
  save = async () => this.#fail();
  remove = async () => this.#fail();
  hasRoom = async () => this.#fail();
  async *wallets(): AsyncIterable<Wallet> {}
  subscribe = async () => this.#fail();
  async close(): Promise<void> {}
}
