import type { CacheEntry } from './answerCache';
import { BudgetExhaustedError } from './upstreamBudget';

/** CoinGecko's most ids per markets call (the price lookup batch, docs/product.md#numbers-and-limits). */
export const PRICE_BATCH_SIZE = 250;
/** A coin's price entry in the market store. */
export const coinKey = (id: string) => `coin:${id}`;
/** Requests arriving this close together share their upstream calls. */
const GATHER_MS = 5;
/** Ids waiting for a call at most (ten batches): beyond, new ids are turned away. */
export const MAX_WAITING_IDS = 10 * PRICE_BATCH_SIZE;

/** Brings coins' price entries: in this process (PriceBatcher) or with every server. */
export interface PriceLoader {
  /** Whether some of these ids need a call nobody has started yet (a visitor pays for it). */
  needsCall(ids: readonly string[]): Promise<boolean>;
  /** The fetched entry of each id, once the call that carries it has answered. */
  load(ids: readonly string[]): Promise<Map<string, CacheEntry>>;
}

export interface PriceBatcherOptions {
  /** Waits for the budget to allow one price call (rejects when it will not soon). */
  acquireCall(): Promise<void>;
  /** One upstream call for at most PRICE_BATCH_SIZE ids: an entry for each id. */
  fetchBatch(ids: string[]): Promise<Map<string, CacheEntry>>;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Runs `drain` GATHER_MS after the first request that needs it (so requests arriving
 * together share its calls), never twice at once: requests during a drain join its loop.
 */
export class GatheredDrain {
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running = false;

  constructor(private readonly drain: () => Promise<void>) {}

  schedule(): void {
    if (this.#running || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#run();
    }, GATHER_MS);
  }

  cancel(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #run(): Promise<void> {
    this.#running = true;
    try {
      await this.drain();
    } finally {
      this.#running = false;
    }
  }
}

/**
 * Gathers the coin ids that visitors need from upstream into calls of up to 250 ids.
 * Ids already waiting or in flight are not asked for again: every visitor waiting for an
 * id shares the one call that fetches it. While the budget makes a call wait, ids keep
 * joining it, so a burst of visitors costs a few full calls rather than one call each.
 */
export class PriceBatcher implements PriceLoader {
  readonly #waiting = new Map<string, Deferred<CacheEntry>>();
  readonly #inFlight = new Map<string, Promise<CacheEntry>>();
  readonly #drain = new GatheredDrain(() => this.#sendWaiting());

  constructor(private readonly options: PriceBatcherOptions) {}

  /** Whether a call is already gathering or fetching this id (joining it costs nothing). */
  isLoading(id: string): boolean {
    return this.#waiting.has(id) || this.#inFlight.has(id);
  }

  async needsCall(ids: readonly string[]): Promise<boolean> {
    return ids.some((id) => !this.isLoading(id));
  }

  load(ids: readonly string[]): Promise<Map<string, CacheEntry>> {
    const newIds = ids.filter((id) => !this.#waiting.has(id) && !this.#inFlight.has(id));
    if (this.#waiting.size + newIds.length > MAX_WAITING_IDS) {
      return Promise.reject(new BudgetExhaustedError('minute', 5_000));
    }
    for (const id of newIds) this.#waiting.set(id, deferred());
    this.#drain.schedule();
    return Promise.all(
      ids.map((id) => {
        const promise = this.#inFlight.get(id) ?? this.#waiting.get(id)?.promise;
        // Unreachable: every id was just found in flight or put in waiting.
        if (!promise) throw new Error(`No call carries ${id}`);
        return promise.then((entry) => [id, entry] as const);
      }),
    ).then((pairs) => new Map(pairs));
  }

  async #sendWaiting(): Promise<void> {
    while (this.#waiting.size > 0) {
      try {
        await this.options.acquireCall();
      } catch (error) {
        for (const waiting of this.#waiting.values()) waiting.reject(error);
        this.#waiting.clear();
        return;
      }
      const batch = [...this.#waiting].slice(0, PRICE_BATCH_SIZE);
      for (const [id, waiting] of batch) {
        this.#waiting.delete(id);
        this.#inFlight.set(id, waiting.promise);
      }
      void this.#send(batch);
    }
  }

  async #send(batch: [string, Deferred<CacheEntry>][]): Promise<void> {
    const ids = batch.map(([id]) => id);
    try {
      const entries = await this.options.fetchBatch(ids);
      for (const [id, call] of batch) {
        const entry = entries.get(id);
        if (entry) call.resolve(entry);
        else call.reject(new Error(`The price call did not answer for ${id}`));
      }
    } catch (error) {
      for (const [, call] of batch) call.reject(error);
    } finally {
      for (const id of ids) this.#inFlight.delete(id);
    }
  }
}
