import { CACHE_TIMES } from '@token-portfolio/shared/market/requestCache';
import type { MarketRequest } from './allowList';
import type { CacheEntry } from './answerCache';
import type { Freshness } from './answers';

const DAY_MS = 24 * 3_600_000;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer cached under one key: a markets page, a search or the coins list. */
export interface KeyedCall {
  key: string;
  route: string;
  query: URLSearchParams;
  freshness: Freshness;
  /** The upstream's answer has the expected shape (untrusted data is checked where it enters). */
  accepts(data: unknown): boolean;
}

/** How a request answered whole (not per coin) is fetched, cached and checked. */
export function keyedCallFor(
  request: Exclude<MarketRequest, { route: 'marketsByIds' }>,
): KeyedCall {
  const freshness = (times: { staleMs: number; keepMs: number }) => ({
    freshMs: times.staleMs,
    keepMs: times.keepMs,
  });
  switch (request.route) {
    case 'marketsPage':
      return {
        key: `markets-page:${request.page}:${request.perPage}`,
        route: '/coins/markets',
        query: new URLSearchParams({
          vs_currency: 'usd',
          page: String(request.page),
          per_page: String(request.perPage),
        }),
        freshness: freshness(CACHE_TIMES.trending),
        accepts: Array.isArray,
      };
    case 'search':
      return {
        key: `search:${request.query}`,
        route: '/search',
        query: new URLSearchParams({ query: request.query }),
        freshness: freshness(CACHE_TIMES.search),
        accepts: (data) => isRecord(data) && Array.isArray(data['coins']),
      };
    case 'coinsList':
      return {
        key: 'coins-list:platforms',
        route: '/coins/list',
        query: new URLSearchParams({ include_platform: 'true' }),
        freshness: { freshMs: DAY_MS, keepMs: 7 * DAY_MS },
        accepts: Array.isArray,
      };
  }
}

/**
 * One upstream call per key at a time: identical requests share it. In this process
 * (LocalCalls), or among all servers (sharedState/sharedCalls.ts).
 */
export interface KeyedCaller {
  /** Whether a call for this key is under way (joining it costs a visitor nothing). */
  isCalling(key: string): Promise<boolean>;
  /** The entry `fetch` brings (it also stores it), or the one a call under way brings. */
  call(key: string, freshMs: number, fetch: () => Promise<CacheEntry>): Promise<CacheEntry>;
}

export class LocalCalls implements KeyedCaller {
  readonly #running = new Map<string, Promise<CacheEntry>>();

  async isCalling(key: string): Promise<boolean> {
    return this.#running.has(key);
  }

  call(key: string, _freshMs: number, fetch: () => Promise<CacheEntry>): Promise<CacheEntry> {
    const running = this.#running.get(key);
    if (running) return running;
    const calling = fetch().finally(() => this.#running.delete(key));
    this.#running.set(key, calling);
    return calling;
  }
}
