// Coin prices for all servers: one upstream call per coin per freshness window, whichever
// server asks, and ids asked for on different servers gathered into the same calls.
import type { CacheEntry, MarketStore } from '../marketGateway/answerCache';
import {
  GatheredDrain,
  MAX_WAITING_IDS,
  PRICE_BATCH_SIZE,
  PriceBatcher,
  coinKey,
  deferred,
  type Deferred,
  type PriceLoader,
} from '../marketGateway/priceBatcher';
import { BUDGET_WAIT_MS, BudgetExhaustedError, type Wait } from '../marketGateway/upstreamBudget';
import { UPSTREAM_TIMEOUT_MS } from '../marketGateway/upstreamClient';
import type { CallNotices } from './callNotices';
import { CoinState, STATUS, TAKE_BATCH, WANT } from './priceScripts';
import type { SharedBudget } from './sharedBudget';
import { COIN_ENTRY_PREFIX } from './sharedMarketStore';
import { KEY_PREFIX, type SharedRedis } from './sharedRedis';

/** Ids waiting for a call, by when they were first asked for (a sorted set). */
const WAITING_KEY = `${KEY_PREFIX}prices:waiting`;
/** An id a server is fetching: a lock that expires, so a crashed fetcher blocks nobody. */
const FETCHING_PREFIX = `${KEY_PREFIX}prices:fetching:`;
const FETCH_LOCK_MS = UPSTREAM_TIMEOUT_MS + 2_000;
/** An id nobody's call took within this long leaves the queue (its askers have given up). */
const WAITING_LIFETIME_MS = BUDGET_WAIT_MS + 2_000;
/** How often a server checks on the ids it waits for (a lost notice, a crashed fetcher). */
const WATCH_EVERY_MS = 500;
/** A visitor's wait for prices ends here at the latest (the gateway gives up sooner). */
const LONGEST_WAIT_MS = BUDGET_WAIT_MS + FETCH_LOCK_MS + 1_000;

interface Pending {
  answer: Deferred<CacheEntry>;
  /** By then a budget that still makes the id wait turns it away (as PriceBatcher does). */
  budgetDeadline: number;
  deadline: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The ids this server's visitors need join one queue in Redis that every server drains:
 * whichever server's budget check lets a call go takes up to 250 waiting ids, from any
 * server, and locks them while it fetches. A server whose ids another one is fetching
 * waits for that server's notice (CallNotices) and reads the answer from the shared market
 * store; every half second it also checks on them, so a lost notice or a crashed fetcher
 * (its lock expires) costs a short wait, never a visitor's answer. While Redis is down this
 * server batches alone (PriceBatcher) within its fallback budget.
 */
export class SharedPriceLoader implements PriceLoader {
  readonly #pending = new Map<string, Pending>();
  readonly #local: PriceBatcher;
  readonly #drain = new GatheredDrain(() => this.#sendWaiting());
  readonly #watch: ReturnType<typeof setInterval>;
  readonly #stopListening: () => void;

  constructor(
    private readonly redis: SharedRedis,
    private readonly budget: SharedBudget,
    private readonly store: MarketStore,
    private readonly notices: CallNotices,
    private readonly freshMs: number,
    private readonly fetchBatch: (ids: string[]) => Promise<Map<string, CacheEntry>>,
  ) {
    this.#local = new PriceBatcher({
      acquireCall: () => budget.acquire('prices', BUDGET_WAIT_MS),
      fetchBatch,
    });
    this.#stopListening = notices.listen((keys, error) => void this.#heard(keys, error));
    this.#watch = setInterval(() => void this.#watchPending(), WATCH_EVERY_MS);
    this.#watch.unref();
  }

  get #shared(): boolean {
    return this.redis.up && this.budget.isShared;
  }

  async needsCall(ids: readonly string[]): Promise<boolean> {
    if (!this.#shared) return this.#local.needsCall(ids);
    const others = ids.filter((id) => !this.#pending.has(id));
    if (others.length === 0) return false;
    const states = await this.#states(others);
    return states === null || states.some((state) => state === CoinState.None);
  }

  async load(ids: readonly string[]): Promise<Map<string, CacheEntry>> {
    if (!this.#shared) return this.#local.load(ids);
    const now = Date.now();
    const added = ids.filter((id) => !this.#pending.has(id));
    for (const id of added) {
      const deadline = now + LONGEST_WAIT_MS;
      this.#pending.set(id, { answer: deferred(), budgetDeadline: now + BUDGET_WAIT_MS, deadline });
    }
    const answers = ids.map(async (id) => {
      const pending = this.#pending.get(id);
      if (!pending) throw new Error(`No call carries ${id}`); // unreachable: just put there
      return [id, await pending.answer.promise] as const;
    });
    if (added.length > 0) {
      const states = await this.#want(added);
      if (!Array.isArray(states)) {
        const reason = states === 'full' ? 'minute' : 'shared';
        for (const id of added) this.#settle(id, new BudgetExhaustedError(reason, 5_000));
      } else {
        // Fetched by another server since this one read the store: no call for those.
        await this.#answerFromStore(added.filter((_, i) => states[i] === CoinState.Fresh));
        this.#drain.schedule();
      }
    }
    return new Map(await Promise.all(answers));
  }

  close(): void {
    clearInterval(this.#watch);
    this.#drain.cancel();
    this.#stopListening();
    for (const id of [...this.#pending.keys()]) {
      this.#settle(id, new BudgetExhaustedError('failing', 1000));
    }
  }

  #settle(id: string, outcome: CacheEntry | Error): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (outcome instanceof Error) pending.answer.reject(outcome);
    else pending.answer.resolve(outcome);
  }

  /** STATUS's and WANT's first arguments: where the locks and entries are, what is fresh. */
  #coinArgs(): (string | number)[] {
    return [FETCHING_PREFIX, COIN_ENTRY_PREFIX, Date.now() - this.freshMs];
  }

  /** Queues the ids no server fetches or queued: each id's state, or why not. */
  async #want(ids: string[]): Promise<CoinState[] | 'full' | 'failed'> {
    const args = [...this.#coinArgs(), MAX_WAITING_IDS, WAITING_LIFETIME_MS, ...ids];
    const states = await this.redis.script(WANT, [WAITING_KEY], args).catch(() => null);
    if (Array.isArray(states)) return states.map(Number) as CoinState[];
    return states === null ? 'failed' : 'full';
  }

  async #states(ids: string[]): Promise<CoinState[] | null> {
    const args = [...this.#coinArgs(), ...ids];
    const states = await this.redis.script(STATUS, [WAITING_KEY], args).catch(() => null);
    return Array.isArray(states) ? (states.map(Number) as CoinState[]) : null;
  }

  /** Sends calls while this server's ids wait in the queue and the budget lets calls go. */
  async #sendWaiting(): Promise<void> {
    while (this.#pending.size > 0 && this.#shared) {
      const batch = await this.#takeBatch();
      if (Array.isArray(batch)) {
        void this.#send(batch);
      } else if (batch === null) {
        return; // what this server waits for is being fetched: notices answer it
      } else {
        await this.#turnAway(batch);
        await sleep(Math.min(batch.ms, 1_000));
      }
    }
  }

  /** The ids of one call the budget let go, the wait when it did not, null when none wait. */
  async #takeBatch(): Promise<string[] | Wait | null> {
    const input = this.budget.scriptInput(Date.now());
    if (!input) return null;
    const keys = [...input.keys, WAITING_KEY];
    const args = [
      ...input.args,
      ...[PRICE_BATCH_SIZE, FETCH_LOCK_MS, FETCHING_PREFIX, this.redis.serverId],
      ...[WAITING_LIFETIME_MS, COIN_ENTRY_PREFIX, Date.now() - this.freshMs],
    ];
    const answer = await this.redis.script(TAKE_BATCH, keys, args).catch(() => [1_000, 'shared']);
    const [wait, reason, ...ids] = Array.isArray(answer) ? answer.map(String) : ['-1'];
    if (wait === '-1') return null;
    return wait === '0' ? ids : ({ ms: Number(wait), reason } as Wait);
  }

  async #send(ids: string[]): Promise<void> {
    let failure: unknown = null;
    try {
      const entries = await this.fetchBatch(ids);
      for (const id of ids) {
        this.#settle(id, entries.get(id) ?? new Error(`The price call did not answer for ${id}`));
      }
    } catch (error) {
      failure = error;
      for (const id of ids) this.#settle(id, error instanceof Error ? error : new Error('failed'));
    } finally {
      await this.redis.client.del(...ids.map((id) => FETCHING_PREFIX + id)).catch(() => 0);
      await this.notices.publish(ids.map(coinKey), failure);
    }
  }

  /** This server's ids still in the queue that the budget will not let out by their deadline. */
  async #turnAway(wait: Wait): Promise<void> {
    const now = Date.now();
    const late = [...this.#pending]
      .filter(([, pending]) => pending.budgetDeadline < now + wait.ms)
      .map(([id]) => id);
    if (late.length === 0) return;
    const states = await this.#states(late);
    late.forEach((id, i) => {
      if (states?.[i] === CoinState.Fetching) return;
      this.#settle(id, new BudgetExhaustedError(wait.reason, wait.ms));
    });
  }

  /** Another server's call answered (or failed): its entries are in the shared store. */
  async #heard(keys: string[], error: Error | null): Promise<void> {
    const ids = keys.flatMap((key) => (key.startsWith('coin:') ? [key.slice(5)] : []));
    const waiting = ids.filter((id) => this.#pending.has(id));
    if (waiting.length === 0) return;
    if (error) {
      for (const id of waiting) this.#settle(id, error);
      return;
    }
    await this.#answerFromStore(waiting);
  }

  /** Settles the ids whose fresh entry the store holds; answers the others. */
  async #answerFromStore(ids: string[]): Promise<string[]> {
    const entries = await this.store.read(ids.map(coinKey), 0);
    const now = Date.now();
    return ids.filter((id) => {
      const entry = entries.get(coinKey(id));
      if (!entry || now - entry.fetchedAt >= this.freshMs) return true;
      this.#settle(id, entry);
      return false;
    });
  }

  /** Checks on what this server waits for: a lost notice, a crashed fetcher, Redis gone. */
  async #watchPending(): Promise<void> {
    if (this.#pending.size === 0) return;
    const now = Date.now();
    for (const [id, pending] of this.#pending) {
      if (now > pending.deadline) this.#settle(id, new BudgetExhaustedError('failing', 1_000));
    }
    if (!this.#shared) {
      // Redis went: this server's own batcher fetches what its visitors still wait for.
      for (const [id, { answer }] of this.#pending) {
        this.#pending.delete(id);
        this.#local.load([id]).then((entries) => {
          const entry = entries.get(id);
          if (entry) answer.resolve(entry);
          else answer.reject(new Error(`No entry for ${id}`));
        }, answer.reject);
      }
      return;
    }
    const ids = [...this.#pending.keys()];
    const states = await this.#states(ids);
    if (!states) return;
    const fresh = ids.filter((_, i) => states[i] === CoinState.Fresh);
    await this.#answerFromStore(fresh);
    // Neither queued nor fetched: a crashed fetcher's lock expired, or the queue dropped it.
    const lost = ids.filter((_, i) => states[i] === CoinState.None);
    if (lost.length > 0 && Array.isArray(await this.#want(lost))) this.#drain.schedule();
  }
}
