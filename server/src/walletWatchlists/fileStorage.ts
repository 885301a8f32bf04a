// Without Redis: one JSON file per wallet under DATA_DIR/watchlists, for one server process
// (docs/configuration.md#saved-watchlists). A lock on the folder keeps a second process out.
import type { StatsFs } from 'node:fs';
import { mkdir, readFile, readdir, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import {
  FULL_AT,
  WalletListeners,
  type Wallet,
  type WalletEvent,
  type WalletListener,
  type WalletStorage,
} from './storage';
import { parseState, serializeState, type WalletState } from './walletState';

/** A wallet's file; write-file-atomic's temporary files add `.<number>` to the name. */
const WALLET_FILE = /^(0x[0-9a-f]{40})\.json$/;
const TEMPORARY_FILE = /^0x[0-9a-f]{40}\.json\.\d+$/;
/** A lock not refreshed for this long belongs to a process that died (refreshed every 5 s). */
const LOCK_STALE_MS = 10_000;
/** How long a starting server waits for such a lock to go stale before refusing to start. */
export const LOCK_WAIT_MS = LOCK_STALE_MS + 2_000;

export interface FileStorageLog {
  warn(message: string): void;
  error(message: string): void;
}

/**
 * The share of a file system in use as df's Use% counts it: blocks in use against those in
 * use or free to this process (not those kept for root); 0 for one that reports no blocks.
 */
export function diskUseShare({
  blocks,
  bfree,
  bavail,
}: Pick<StatsFs, 'blocks' | 'bfree' | 'bavail'>) {
  const used = blocks - bfree;
  return used + bavail > 0 ? used / (used + bavail) : 0;
}

/** Another process holds DATA_DIR: the server does not start. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/** The lock was lost (its folder removed, or not refreshed in time): nothing is written. */
export class DataDirLockLostError extends Error {
  override readonly name = 'DataDirLockLostError';
}

const isCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

/** Takes the folder's lock, waiting up to `waitMs` for a lock left by a process that died. */
async function lockFolder(
  dataDir: string,
  lockPath: string,
  waitMs: number,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await lockfile.lock(dataDir, {
        lockfilePath: lockPath,
        stale: LOCK_STALE_MS,
        onCompromised,
      });
    } catch (error) {
      if (!isCode(error, 'ELOCKED')) throw error;
      if (Date.now() >= deadline) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another server process (its lock ${lockPath} is held). ` +
            'One DATA_DIR serves one server process: give each its own DATA_DIR, or set REDIS_URL ' +
            'so that several servers share the saved watchlists (docs/deploying.md).',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export class FileStorage implements WalletStorage {
  readonly #folder: string;
  readonly #listeners = new WalletListeners();
  readonly #release: () => Promise<void>;
  #lost: Error | null = null;

  private constructor(folder: string, release: () => Promise<void>) {
    this.#folder = folder;
    this.#release = release;
  }

  /**
   * Locks `dataDir` for this process (a second one waits up to `lockWaitMs` for a lock that
   * a killed process left, then throws DataDirLockedError) and removes the temporary files
   * of writes a crash cut short: their wallet's file is still the one before.
   */
  static async open(
    dataDir: string,
    log: FileStorageLog,
    lockWaitMs = LOCK_WAIT_MS,
  ): Promise<FileStorage> {
    const folder = path.join(dataDir, 'watchlists');
    await mkdir(folder, { recursive: true });
    let storage: FileStorage | null = null;
    const release = await lockFolder(
      dataDir,
      path.join(dataDir, 'server.lock'),
      lockWaitMs,
      (error) => {
        log.error(
          `The lock on DATA_DIR was lost (${error.message}): saved watchlists are unavailable until this server restarts.`,
        );
        if (storage) storage.#lost = new DataDirLockLostError(error.message);
      },
    );
    storage = new FileStorage(folder, release);
    for (const name of await readdir(folder)) {
      if (TEMPORARY_FILE.test(name)) await unlink(path.join(folder, name)).catch(() => {});
    }
    return storage;
  }

  #file(wallet: Wallet): string {
    return path.join(this.#folder, `${wallet}.json`);
  }

  #check(): void {
    if (this.#lost) throw this.#lost;
  }

  async load(wallet: Wallet): Promise<WalletState | null> {
    this.#check();
    try {
      return parseState(await readFile(this.#file(wallet), 'utf8'));
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null;
      throw error;
    }
  }

  /**
   * Writes the wallet's file atomically (a temporary file, fsync, rename). The versions are
   * not compared: this process alone uses the folder, and walletWatchlists.ts applies one
   * change request of a wallet at a time.
   */
  async save(
    wallet: Wallet,
    state: WalletState,
    _expectedVersion: number,
    event: WalletEvent | null,
  ): Promise<boolean> {
    this.#check();
    await writeFileAtomic(this.#file(wallet), serializeState(state));
    if (event) this.#listeners.tell(wallet, event);
    return true;
  }

  async remove(wallet: Wallet): Promise<void> {
    this.#check();
    await unlink(this.#file(wallet)).catch((error: unknown) => {
      if (!isCode(error, 'ENOENT')) throw error;
    });
    this.#listeners.tell(wallet, { type: 'deleted' });
  }

  /** The disk under DATA_DIR (diskUseShare). */
  async hasRoom(): Promise<boolean> {
    return diskUseShare(await statfs(this.#folder)) < FULL_AT;
  }

  async *wallets(): AsyncIterable<Wallet> {
    for (const name of await readdir(this.#folder)) {
      const wallet = WALLET_FILE.exec(name)?.[1];
      if (wallet) yield wallet;
    }
  }

  async subscribe(wallet: Wallet, listener: WalletListener): Promise<() => void> {
    this.#listeners.add(wallet, listener);
    return () => void this.#listeners.delete(wallet, listener);
  }

  async close(): Promise<void> {
    if (!this.#lost) await this.#release().catch(() => {});
  }
}
