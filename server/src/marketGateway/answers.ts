import { BudgetExhaustedError } from './upstreamBudget';
import { describeFailure, UpstreamError } from './upstreamClient';
import type { VisitorCall } from './visitorShares';

/** What the gateway sends back for one request (the plugin turns it into the reply). */
export interface GatewayAnswer {
  status: number;
  /** JSON text. */
  body: string;
  headers: Record<string, string>;
  /** Names this body (changes whenever its bytes do), so it is compressed once for all. */
  bodyKey?: string;
}

/**
 * hit: answered from fresh cached data; miss: fetched from upstream for this request (or
 * a call it shared); stale: the last known data, because upstream could not be asked or
 * failed.
 */
export type CacheOutcome = 'hit' | 'miss' | 'stale';

/** How long data is fresh, and how long it may be served stale after an upstream failure. */
export interface Freshness {
  freshMs: number;
  keepMs: number;
}

/** A stale answer may be shared by caches in front only briefly: fresh data may come soon. */
const STALE_SHARED_SECONDS = 5;

const seconds = (ms: number) => Math.max(1, Math.floor(ms / 1000));
const secondsUp = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * A 200 with data fetched at `fetchedAt`. Shared caches (nginx, a CDN) may keep it while
 * it is fresh and revalidate in the background after; browsers revalidate every time
 * (the app keeps its own 1 s window, docs/product.md#market-data). Stale data says its age.
 */
export function dataAnswer(
  body: string,
  fetchedAt: number,
  { freshMs, keepMs }: Freshness,
  outcome: CacheOutcome,
  bodyKey?: string,
): GatewayAnswer {
  const ageMs = Math.max(0, Date.now() - fetchedAt);
  const staleIfError = `stale-if-error=${seconds(keepMs)}`;
  const headers: Record<string, string> = {
    'last-modified': new Date(fetchedAt).toUTCString(),
    'x-market-cache': outcome,
  };
  if (ageMs < freshMs) {
    headers['cache-control'] =
      `public, max-age=0, s-maxage=${seconds(freshMs - ageMs)}, ` +
      `stale-while-revalidate=${seconds(freshMs)}, ${staleIfError}`;
  } else {
    headers['cache-control'] =
      `public, max-age=0, s-maxage=${STALE_SHARED_SECONDS}, ${staleIfError}`;
    headers['x-market-stale'] = String(Math.floor(ageMs / 1000));
  }
  return { status: 200, body, headers, ...(bodyKey === undefined ? {} : { bodyKey }) };
}

function errorAnswer(status: number, message: string, retryAfterMs?: number): GatewayAnswer {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (retryAfterMs !== undefined) headers['retry-after'] = String(secondsUp(retryAfterMs));
  return { status, body: JSON.stringify({ error: message }), headers };
}

/** A request outside the allow-list. */
export const badRequest = (problem: string) => errorAnswer(400, problem);

export const methodNotAllowed = () =>
  errorAnswer(405, 'The market gateway answers GET requests only.');

/** One visitor is past its share of the budget (VisitorShares) for this kind of request. */
export const pastVisitorShare = (call: VisitorCall, retryAfterMs: number) =>
  errorAnswer(
    429,
    `Too many new ${VISITOR_CALL_NAMES[call]} from this address; try again in ${secondsUp(retryAfterMs)} s.`,
    retryAfterMs,
  );

const VISITOR_CALL_NAMES: Record<VisitorCall, string> = {
  prices: 'price lookups',
  search: 'searches',
  page: 'market pages',
};

/**
 * Nothing cached to fall back on: 429 when the budget (or the provider's rate limit) holds
 * calls back, 503 when the provider fails; both say when to try again (`pauseMs`: how long
 * the budget holds calls back now).
 */
export function unavailable(error: unknown, pauseMs: number): GatewayAnswer {
  const budget = error instanceof BudgetExhaustedError ? error : null;
  const upstream = error instanceof UpstreamError ? error.failure : null;
  const waitMs = Math.max(1000, pauseMs, budget?.retryAfterMs ?? 0);
  const inSeconds = `try again in ${secondsUp(waitMs)} s`;
  if (budget?.reason === 'rateLimited' || upstream?.kind === 'rateLimited') {
    return errorAnswer(429, `The market data provider is rate limiting us; ${inSeconds}.`, waitMs);
  }
  if (budget?.reason === 'shared') {
    return errorAnswer(503, `Market data is unavailable for now; ${inSeconds}.`, waitMs);
  }
  if (budget && budget.reason !== 'failing') {
    return errorAnswer(429, `The market data budget is used up for now; ${inSeconds}.`, waitMs);
  }
  const why = upstream ? describeFailure(upstream) : 'is not answering';
  return errorAnswer(
    503,
    `Market data is unavailable (the provider ${why}); ${inSeconds}.`,
    waitMs,
  );
}
