import { marketHeaders } from '@token-portfolio/shared/config';
import { retryAfterMs } from '@token-portfolio/shared/market/retryAfter';
import type { MarketUpstream } from './settings';

/** A gateway call gives up after this long: visitors get stale data well before their own 60 s. */
export const UPSTREAM_TIMEOUT_MS = 5_000;
/** The biggest answer read (the coins list with platforms is about 10 MB). */
const MAX_ANSWER_BYTES = 32 * 2 ** 20;

export type UpstreamFailure =
  | { kind: 'rateLimited'; retryAfterMs: number | null }
  | { kind: 'status'; status: number }
  | { kind: 'timeout' }
  | { kind: 'unreachable' }
  | { kind: 'badAnswer' };

/** What went wrong, as the end of a sentence ('The provider …'). */
export function describeFailure(failure: UpstreamFailure): string {
  switch (failure.kind) {
    case 'rateLimited':
      return 'answered 429 (rate limited)';
    case 'status':
      return `answered ${failure.status}`;
    case 'timeout':
      return `did not answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`;
    case 'unreachable':
      return 'could not be reached';
    case 'badAnswer':
      return 'sent an answer that is not the JSON expected';
  }
}

/**
 * A failed upstream call. Its message names the route only: never the base URL, the query
 * or a header, so it cannot carry the key into a log or an answer.
 */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly failure: UpstreamFailure,
    readonly route: string,
  ) {
    super(`The market data provider ${describeFailure(failure)} for ${route}`);
  }
}

async function readCapped(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
    throw new RangeError('answer too big');
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new RangeError('answer too big');
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type UpstreamGet = (route: string, query: URLSearchParams) => Promise<unknown>;

/**
 * GET one CoinGecko route with the plan's key header, once (the gateway's budget decides
 * about retries), within UPSTREAM_TIMEOUT_MS. Resolves with the parsed JSON; rejects with
 * an UpstreamError.
 */
export function createUpstreamGet(upstream: MarketUpstream): UpstreamGet {
  const base = upstream.baseUrl.replace(/\/+$/, '');
  const headers = { accept: 'application/json', ...marketHeaders(upstream) };
  return async (route, query) => {
    const fail = (failure: UpstreamFailure) => new UpstreamError(failure, route);
    let response: Response;
    try {
      response = await fetch(`${base}${route}?${query}`, {
        headers,
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw fail(timedOut ? { kind: 'timeout' } : { kind: 'unreachable' });
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw fail({ kind: 'rateLimited', retryAfterMs: retryAfterMs(response.headers) });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw fail({ kind: 'status', status: response.status });
    }
    try {
      return JSON.parse(await readCapped(response)) as unknown;
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw fail(timedOut ? { kind: 'timeout' } : { kind: 'badAnswer' });
    }
  };
}
