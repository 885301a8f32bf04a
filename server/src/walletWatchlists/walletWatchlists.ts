// The wallets' watchlists over either storage (docs/architecture.md#the-wallets-watchlist-on-
// the-server): read, apply a request's changes, catch up, delete, retention.
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AppliedChange,
  ChangeRequest,
  ChangesAnswer,
  WalletWatchlist,
} from '@token-portfolio/shared/watchlist-bodies';
import type { Wallet, WalletListener, WalletStorage } from './storage';
import {
  RETENTION_MS,
  applyChanges,
  changesSince,
  emptyState,
  markRead,
  watchlistOf,
} from './walletState';

/** Saves lost to another server in a row before a request gives up (it is then retried). */
const MAX_SAVE_ATTEMPTS = 20;
/**
 * After a lost save, a random pause of up to this many ms per attempt so far: servers whose
 * saves race in lockstep (a busy queue on each) take turns instead of one losing every time.
 */
const LOST_SAVE_JITTER_MS = 5;
const SWEEP_EVERY_MS = 24 * 3_600_000;

/** Another server kept saving first: the request can be sent again. */
export class BusyWalletError extends Error {
  override readonly name = 'BusyWalletError';
}

export type ApplyAnswer =
  | { kind: 'full'; room: number }
  /** The store is nearly full (WalletStorage.hasRoom): only requests of removals apply. */
  | { kind: 'noRoom' }
  | { kind: 'applied'; answer: ChangesAnswer };

/** What a page behind `since` needs: the changes after it, or the whole list. */
export type CatchUp =
  | { kind: 'changes'; version: number; changes: AppliedChange[] }
  | { kind: 'snapshot'; watchlist: WalletWatchlist };

export interface WalletWatchlistsOptions {
  now?: () => number;
  /** Told what the retention sweep could not do (never a list's content). */
  onSweepError?: (error: Error) => void;
}

export class WalletWatchlists {
  readonly #storage: WalletStorage;
  readonly #now: () => number;
  /** Each wallet's latest queued operation: one at a time per wallet on this server. */
  readonly #queues = new Map<Wallet, Promise<unknown>>();
  readonly #sweeper: ReturnType<typeof setInterval>;
  readonly #onSweepError: (error: Error) => void;

  constructor(
    storage: WalletStorage,
    { now = Date.now, onSweepError = () => {} }: WalletWatchlistsOptions = {},
  ) {
    this.#storage = storage;
    this.#now = now;
    this.#onSweepError = onSweepError;
    const sweep = () => void this.sweep().catch(this.#reportSweepError);
    this.#sweeper = setInterval(sweep, SWEEP_EVERY_MS);
    this.#sweeper.unref();
    sweep();
  }

  readonly #reportSweepError = (error: unknown) => {
    this.#onSweepError(error instanceof Error ? error : new Error(String(error)));
  };

  /** Runs `task` after the wallet's earlier operations on this server. */
  #queued<T>(wallet: Wallet, task: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(wallet) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => {});
    this.#queues.set(wallet, tail);
    void tail.then(() => {
      if (this.#queues.get(wallet) === tail) this.#queues.delete(wallet);
    });
    return run;
  }

  /** The wallet's list (version 0 and no tokens when it has none); records the read. */
  read(wallet: Wallet): Promise<WalletWatchlist> {
    return this.#queued(wallet, async () => {
      const state = await this.#storage.load(wallet);
      if (state === null) return { version: 0, tokens: [] };
      const read = markRead(state, this.#now());
      // Losing that save to another server's change only loses the read's date, to a newer one.
      if (read) await this.#storage.save(wallet, read, state.version, null);
      return watchlistOf(state);
    });
  }

  /**
   * Applies a request's changes (walletState.ts applyChanges) and answers with their
   * results and what the page missed since its baseVersion; every page of the wallet is
   * told of the applied changes.
   */
  apply(wallet: Wallet, request: ChangeRequest): Promise<ApplyAnswer> {
    return this.#queued(wallet, async () => {
      // Only a request of removals alone may shrink a list: it applies whatever the room.
      const removalsOnly = request.changes.every((change) => change.kind === 'remove');
      if (!removalsOnly && !(await this.#storage.hasRoom())) return { kind: 'noRoom' };
      for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt += 1) {
        const stored = await this.#storage.load(wallet);
        const state = stored ?? emptyState(this.#now());
        const outcome = applyChanges(state, request, this.#now());
        if (outcome.kind === 'full') return outcome;
        const { state: next, results, applied } = outcome;
        const last = applied.at(-1);
        const saved =
          last === undefined ||
          (await this.#storage.save(wallet, next, stored?.version ?? 0, {
            type: 'changes',
            version: last.version,
            changes: applied,
          }));
        if (!saved) {
          await sleep(Math.random() * LOST_SAVE_JITTER_MS * (attempt + 1));
          continue;
        }
        const missed = changesSince(next, request.baseVersion);
        return {
          kind: 'applied',
          answer: {
            version: next.version,
            results,
            ...(missed === null
              ? { snapshot: watchlistOf(next) }
              : { missed: missed.filter((change) => change.deviceId !== request.deviceId) }),
          },
        };
      }
      throw new BusyWalletError('other servers kept saving this wallet first');
    });
  }

  /** What a page at `since` needs; 0 (a page with nothing) always gets the whole list. */
  async catchUp(wallet: Wallet, since: number): Promise<CatchUp> {
    const state = (await this.#storage.load(wallet)) ?? emptyState(this.#now());
    const changes = since === 0 ? null : changesSince(state, since);
    return changes === null
      ? { kind: 'snapshot', watchlist: watchlistOf(state) }
      : { kind: 'changes', version: state.version, changes };
  }

  /** Deletes the wallet's list and its log at once; its open pages are told. */
  delete(wallet: Wallet): Promise<void> {
    return this.#queued(wallet, () => this.#storage.remove(wallet));
  }

  /** Deletes the lists not read for 12 months; answers how many. A list it cannot read stays. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for await (const wallet of this.#storage.wallets()) {
      await this.#queued(wallet, async () => {
        const state = await this.#storage.load(wallet);
        if (state && this.#now() - state.readAt >= RETENTION_MS) {
          await this.#storage.remove(wallet);
          deleted += 1;
        }
      }).catch(this.#reportSweepError);
    }
    return deleted;
  }

  subscribe(wallet: Wallet, listener: WalletListener): Promise<() => void> {
    return this.#storage.subscribe(wallet, listener);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all(this.#queues.values());
    await this.#storage.close();
  }
}
