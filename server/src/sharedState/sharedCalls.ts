// Searches, Trending pages and the coin list: one upstream call per answer at a time,
// whichever server asks (a lock in Redis with a timeout, and a notice when it answered).
import type { CacheEntry, MarketStore } from '../marketGateway/answerCache';
import { LocalCalls, type KeyedCaller } from '../marketGateway/keyedCalls';
import { BUDGET_WAIT_MS, BudgetExhaustedError } from '../marketGateway/upstreamBudget';
import { UPSTREAM_TIMEOUT_MS } from '../marketGateway/upstreamClient';
import type { CallNotices } from './callNotices';
import { KEY_PREFIX, type SharedRedis } from './sharedRedis';

const LOCK_PREFIX = `${KEY_PREFIX}calling:`;
/** Long enough for the budget's wait and the upstream's answer; a crashed caller's expires. */
const LOCK_MS = BUDGET_WAIT_MS + UPSTREAM_TIMEOUT_MS + 1_000;
/** A server waiting for another's call looks again this often (besides hearing its notice). */
const LOOK_AGAIN_MS = 250;

/** Deletes the lock only if it is still this server's. KEYS[1]: lock; ARGV[1]: server id. */
const UNLOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * The first server to ask takes the answer's lock and calls; the others wait for its
 * notice (looking again every 250 ms, and taking the lock themselves if it is released
 * with nothing stored) and answer from the shared market store. Within a server, requests
 * share one call as before (LocalCalls). While Redis is down, each server calls alone.
 */
export class SharedCalls implements KeyedCaller {
  readonly #local = new LocalCalls();
  readonly #waiting = new Map<string, Set<(error: Error | null) => void>>();

  constructor(
    private readonly redis: SharedRedis,
    private readonly store: MarketStore,
    private readonly notices: CallNotices,
  ) {
    notices.listen((keys, error) => {
      for (const key of keys) for (const wake of this.#waiting.get(key) ?? []) wake(error);
    });
  }

  async isCalling(key: string): Promise<boolean> {
    if (await this.#local.isCalling(key)) return true;
    if (!this.redis.up) return false;
    return (await this.redis.client.exists(LOCK_PREFIX + key).catch(() => 0)) === 1;
  }

  call(key: string, freshMs: number, fetch: () => Promise<CacheEntry>): Promise<CacheEntry> {
    return this.#local.call(key, freshMs, () => this.#callOnce(key, freshMs, fetch));
  }

  async #callOnce(key: string, freshMs: number, fetch: () => Promise<CacheEntry>) {
    const giveUpAt = Date.now() + LOCK_MS;
    for (;;) {
      if (!this.redis.up) return fetch();
      const lock = await this.redis.client
        .set(LOCK_PREFIX + key, this.redis.serverId, 'PX', LOCK_MS, 'NX')
        .catch(() => 'failed' as const);
      if (lock === 'failed') return fetch();
      // Another server may have answered just before this one took the lock.
      const fresh = async () => {
        const entry = (await this.store.read([key], freshMs)).get(key);
        return entry && Date.now() - entry.fetchedAt < freshMs ? entry : null;
      };
      if (lock === 'OK') {
        const entry = await fresh();
        if (!entry) return this.#callAndTell(key, fetch);
        await this.#unlock(key);
        return entry;
      }
      const error = await this.#notice(key, LOOK_AGAIN_MS);
      if (error) throw error;
      const entry = await fresh();
      if (entry) return entry;
      if (Date.now() >= giveUpAt) throw new BudgetExhaustedError('failing', 1_000);
    }
  }

  async #callAndTell(key: string, fetch: () => Promise<CacheEntry>): Promise<CacheEntry> {
    let failure: unknown = null;
    try {
      return await fetch();
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      await this.#unlock(key);
      await this.notices.publish([key], failure);
    }
  }

  async #unlock(key: string): Promise<void> {
    await this.redis.script(UNLOCK, [LOCK_PREFIX + key], [this.redis.serverId]).catch(() => 0);
  }

  /** Resolves with another server's notice for the key (its error or null), or after `ms`. */
  #notice(key: string, ms: number): Promise<Error | null> {
    return new Promise((resolve) => {
      const wakers = this.#waiting.get(key) ?? new Set();
      this.#waiting.set(key, wakers);
      const wake = (error: Error | null) => {
        clearTimeout(timer);
        wakers.delete(wake);
        if (wakers.size === 0) this.#waiting.delete(key);
        resolve(error);
      };
      const timer = setTimeout(() => wake(null), ms);
      wakers.add(wake);
    });
  }
}
