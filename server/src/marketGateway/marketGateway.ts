import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { parseMarketRequest, type MarketRequest } from './allowList';
import type { CacheEntry } from './answerCache';
import {
  badRequest,
  dataAnswer,
  pastVisitorShare,
  unavailable,
  type CacheOutcome,
  type GatewayAnswer,
} from './answers';
import { memoryGatewayParts, type GatewayParts, type GatewayPartsFactory } from './gatewayParts';
import { isRecord, keyedCallFor, type KeyedCall } from './keyedCalls';
import { coinKey } from './priceBatcher';
import type { MarketGatewaySettings } from './settings';
import { BUDGET_WAIT_MS } from './upstreamBudget';
import {
  createUpstreamGet,
  UPSTREAM_TIMEOUT_MS,
  UpstreamError,
  type UpstreamGet,
} from './upstreamClient';
import type { VisitorCall } from './visitorShares';

/** A visitor with nothing cached waits for the budget and the upstream, then gets a 429/503. */
const COLD_WAIT_MS = BUDGET_WAIT_MS + UPSTREAM_TIMEOUT_MS + 500;
/** A visitor with last known data waits this long for fresh data, then gets the stale data. */
const STALE_FALLBACK_MS = 2_000;
/** A coin's last known record is served (marked stale) for a day at most. */
const COIN_KEEP_MS = 24 * 3_600_000;

/** After the coin list could not be fetched, price lookups go without it this long. */
const COIN_LIST_RETRY_MS = 60_000;
/** Price answers kept whole, so visitors asking for the same coins at once share one text. */
const PRICE_BODIES_BYTES = 16 * 2 ** 20;

const COINS_LIST_CALL = keyedCallFor({ route: 'coinsList' });

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** The wait for an upstream answer ran out (the budget's queue, a slow upstream). */
class WaitedTooLong extends Error {}

/** The promise's outcome, or a failure when it takes longer than `ms`. */
function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Outcome<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: new WaitedTooLong() }), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ ok: true, value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ ok: false, error });
      },
    );
  });
}

/** A coin record without the parts the request did not ask for (the cache holds them all). */
function coinText(
  text: string,
  { sparkline, priceChange24h }: { sparkline: boolean; priceChange24h: boolean },
) {
  if (sparkline && priceChange24h) return text;
  const coin = JSON.parse(text) as Record<string, unknown>;
  if (!sparkline) delete coin['sparkline_in_7d'];
  if (!priceChange24h) delete coin['price_change_percentage_24h_in_currency'];
  return JSON.stringify(coin);
}

export interface MarketGatewayOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The upstream GET (tests give one that counts or fails); CoinGecko over fetch by default. */
  upstreamGet?: UpstreamGet;
  /** Where data is kept and calls are counted: this process alone by default. */
  parts?: GatewayPartsFactory;
}

/**
 * The market gateway without HTTP: answers a CoinGecko-shaped request from one cache
 * shared by all visitors, asking upstream only for what is missing or stale, inside the
 * budget, and falling back to the last known data when upstream cannot be asked.
 */
export class MarketGateway {
  readonly #settings: MarketGatewaySettings;
  readonly #log: MarketGatewayOptions['log'];
  readonly #upstreamGet: UpstreamGet;
  readonly #parts: GatewayParts;
  readonly #priceBodies = new LRUCache<string, string>({
    maxSize: PRICE_BODIES_BYTES,
    sizeCalculation: (text) => Math.max(1, text.length),
  });
  /** The ids of the coin list last read, and when that list was fetched. */
  #knownIds: { fetchedAt: number; ids: Set<string> } | null = null;
  #coinListAskedAt = -Infinity;
  #coinListLoading: Promise<void> | null = null;

  constructor(
    settings: MarketGatewaySettings,
    { log, upstreamGet, parts = memoryGatewayParts }: MarketGatewayOptions,
  ) {
    this.#settings = settings;
    this.#log = log;
    this.#upstreamGet = upstreamGet ?? createUpstreamGet(settings.upstream);
    this.#parts = parts(settings, (ids) => this.#fetchPrices(ids));
  }

  /**
   * Answers one request. `pathAndQuery` is the raw request target below the gateway's path;
   * `client` the visitor (visitorKey), whose share of the budget each upstream call
   * it causes is counted against. Never rejects.
   */
  async answer(pathAndQuery: string, client: string): Promise<GatewayAnswer> {
    const parsed = parseMarketRequest(pathAndQuery);
    if (!parsed.ok) return badRequest(parsed.problem);
    try {
      const { request } = parsed;
      return request.route === 'marketsByIds'
        ? await this.#answerPrices(request, client)
        : await this.#answerKeyed(request, keyedCallFor(request), client);
    } catch (error) {
      this.#log.error({ err: error }, 'The market gateway failed to answer');
      return unavailable(error, 5_000);
    }
  }

  /** The cap on the cached answers' text, in bytes. */
  get cacheCapBytes(): number {
    return this.#settings.cacheBytes;
  }

  /** For reports and tests: this server's cache and the budget's use. */
  usage() {
    const { bytes, entries } = this.#parts.store.usage();
    return {
      cacheBytes: bytes,
      cacheEntries: entries,
      cacheCapBytes: this.#settings.cacheBytes,
      ...this.#parts.budget.usage(),
    };
  }

  close(): void {
    this.#parts.close();
  }

  async #answerPrices(
    request: Extract<MarketRequest, { route: 'marketsByIds' }>,
    client: string,
  ): Promise<GatewayAnswer> {
    const now = Date.now();
    const { freshMs } = this.#settings;
    const isFresh = (entry: CacheEntry | undefined) => !!entry && now - entry.fetchedAt < freshMs;
    let ids = request.ids;
    const stored = await this.#parts.store.read(ids.map(coinKey), freshMs);
    // Ids CoinGecko does not list are not found, without an upstream call (the list is
    // consulted only when something must be fetched: a cached answer never waits for it).
    if (ids.some((id) => !isFresh(stored.get(coinKey(id))))) {
      const known = await this.#coinIds();
      if (known !== null) ids = ids.filter((id) => known.has(id));
    }
    const entries = new Map(ids.map((id) => [id, stored.get(coinKey(id))]));
    const needed = ids.filter((id) => !isFresh(entries.get(id)));
    let outcome: CacheOutcome = 'hit';
    if (needed.length > 0) {
      const canFallBack = needed.every((id) => entries.get(id));
      // The visitor's share pays for a call only when no call already fetches its ids.
      const costs = await this.#parts.prices.needsCall(needed);
      const pastShareMs = costs ? await this.#parts.shares.take(client, 'prices') : null;
      if (pastShareMs !== null && !canFallBack) return pastVisitorShare('prices', pastShareMs);
      const fetched =
        pastShareMs !== null
          ? null
          : await settleWithin(
              this.#parts.prices.load(needed),
              canFallBack ? STALE_FALLBACK_MS : COLD_WAIT_MS,
            );
      if (fetched?.ok) {
        for (const [id, entry] of fetched.value) entries.set(id, entry);
        outcome = 'miss';
      } else if (canFallBack) {
        outcome = 'stale';
      } else {
        return unavailable(fetched?.error, this.#parts.budget.waitFor('prices').ms);
      }
    }
    const found = ids.flatMap((id) => {
      const entry = entries.get(id);
      return entry ? [[id, entry] as const] : [];
    });
    const fetchedAt = found.length > 0 ? Math.min(...found.map(([, e]) => e.fetchedAt)) : now;
    const shape = `${Number(request.sparkline)}${Number(request.priceChange24h)}`;
    const bodyKey = `prices:${shape}:${found.map(([id, e]) => `${id}@${e.fetchedAt}`).join(',')}`;
    let body = this.#priceBodies.get(bodyKey);
    if (body === undefined) {
      const coins = found.flatMap(([, entry]) =>
        entry.text === null ? [] : [coinText(entry.text, request)],
      );
      body = `[${coins.join(',')}]`;
      this.#priceBodies.set(bodyKey, body);
    }
    return dataAnswer(body, fetchedAt, { freshMs, keepMs: COIN_KEEP_MS }, outcome, bodyKey);
  }

  /**
   * The ids CoinGecko knows, from its coin list (fetched once a day, shared with the wallet
   * balances); null while there is none (then every id is asked for, as before).
   */
  async #coinIds(): Promise<Set<string> | null> {
    // Kept beside the store: a list larger than the cache's cap is not fetched again.
    const known = this.#knownIds;
    const { key, freshness } = COINS_LIST_CALL;
    if (known && Date.now() - known.fetchedAt < freshness.freshMs) return known.ids;
    // At most once a minute: the store's list (another server's call), else a call.
    if (!this.#coinListLoading && Date.now() - this.#coinListAskedAt >= COIN_LIST_RETRY_MS) {
      this.#coinListAskedAt = Date.now();
      this.#coinListLoading = (async () => {
        const stored = (await this.#parts.store.read([key], freshness.freshMs)).get(key);
        const fresh = stored && Date.now() - stored.fetchedAt < freshness.freshMs;
        this.#adoptCoinList(fresh ? stored : await this.#callKeyed(COINS_LIST_CALL));
      })()
        .catch(() => {})
        .finally(() => (this.#coinListLoading = null));
    }
    // A day-old list answers while the new one comes; without one, a short wait for it.
    if (!known && this.#coinListLoading) await settleWithin(this.#coinListLoading, BUDGET_WAIT_MS);
    return this.#knownIds?.ids ?? null;
  }

  /** Reads the ids of a coin list newer than the one read before. */
  #adoptCoinList({ text, fetchedAt }: CacheEntry): void {
    if (text === null || fetchedAt <= (this.#knownIds?.fetchedAt ?? -Infinity)) return;
    const list = JSON.parse(text) as unknown[];
    const ids = list.flatMap((coin) =>
      isRecord(coin) && typeof coin['id'] === 'string' ? [coin['id']] : [],
    );
    this.#knownIds = { fetchedAt, ids: new Set(ids) };
  }

  async #answerKeyed(
    request: Exclude<MarketRequest, { route: 'marketsByIds' }>,
    call: KeyedCall,
    client: string,
  ): Promise<GatewayAnswer> {
    const cached = (await this.#parts.store.read([call.key], call.freshness.freshMs)).get(call.key);
    const answerWith = (entry: CacheEntry, outcome: CacheOutcome) =>
      dataAnswer(
        entry.text ?? 'null',
        entry.fetchedAt,
        call.freshness,
        outcome,
        `${call.key}@${entry.fetchedAt}`,
      );
    if (cached && Date.now() - cached.fetchedAt < call.freshness.freshMs) {
      return answerWith(cached, 'hit');
    }
    // A visitor's new searches and market pages count against its share; joining a call
    // already made for the same answer costs nothing. (The coin list is one call a day.)
    const visitorCall: VisitorCall | null =
      request.route === 'search' ? 'search' : request.route === 'marketsPage' ? 'page' : null;
    if (visitorCall !== null && !(await this.#parts.calls.isCalling(call.key))) {
      const pastShareMs = await this.#parts.shares.take(client, visitorCall);
      if (pastShareMs !== null) {
        return cached ? answerWith(cached, 'stale') : pastVisitorShare(visitorCall, pastShareMs);
      }
    }
    const fetched = await settleWithin(
      this.#callKeyed(call),
      cached ? STALE_FALLBACK_MS : COLD_WAIT_MS,
    );
    if (fetched.ok) return answerWith(fetched.value, 'miss');
    if (cached) return answerWith(cached, 'stale');
    return unavailable(fetched.error, this.#parts.budget.waitFor('other').ms);
  }

  /** One upstream call per key at a time: identical requests share it. */
  #callKeyed({ key, route, query, accepts, freshness }: KeyedCall): Promise<CacheEntry> {
    return this.#parts.calls.call(key, freshness.freshMs, async () => {
      await this.#parts.budget.acquire('other', BUDGET_WAIT_MS);
      const data = await this.#upstream(route, query, accepts);
      const entry = { text: JSON.stringify(data), fetchedAt: Date.now() };
      await this.#parts.store.write([{ key, entry, keepMs: freshness.keepMs }]);
      return entry;
    });
  }

  /** One call for up to 250 coins: each id gets its entry, 'not found' when left out. */
  async #fetchPrices(ids: string[]): Promise<Map<string, CacheEntry>> {
    const query = new URLSearchParams({
      vs_currency: 'usd',
      ids: ids.join(','),
      per_page: String(ids.length),
      page: '1',
      sparkline: 'true',
      price_change_percentage: '24h',
    });
    const data = await this.#upstream('/coins/markets', query, Array.isArray);
    const fetchedAt = Date.now();
    const entries = new Map<string, CacheEntry>(ids.map((id) => [id, { text: null, fetchedAt }]));
    for (const coin of data as unknown[]) {
      const id = isRecord(coin) ? coin['id'] : undefined;
      if (typeof id === 'string' && entries.has(id)) {
        entries.set(id, { text: JSON.stringify(coin), fetchedAt });
      }
    }
    await this.#parts.store.write(
      [...entries].map(([id, entry]) => ({ key: coinKey(id), entry, keepMs: COIN_KEEP_MS })),
    );
    return entries;
  }

  /** The upstream call itself; its outcome feeds the budget's pauses. */
  async #upstream(
    route: string,
    query: URLSearchParams,
    accepts: (data: unknown) => boolean,
  ): Promise<unknown> {
    try {
      const data = await this.#upstreamGet(route, query);
      if (!accepts(data)) throw new UpstreamError({ kind: 'badAnswer' }, route);
      this.#parts.budget.succeeded();
      return data;
    } catch (error) {
      const failure = error instanceof UpstreamError ? error.failure : null;
      if (failure?.kind === 'rateLimited') this.#parts.budget.rateLimited(failure.retryAfterMs);
      // A 400/404/422 concerns that request only; anything else would fail every call.
      else if (failure?.kind !== 'status' || ![400, 404, 422].includes(failure.status)) {
        this.#parts.budget.failed();
      }
      this.#log.warn({ route }, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}
