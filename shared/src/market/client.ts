import {
  ConnectionError,
  InvalidRequestError,
  MarketError,
  UserAbortError,
  logMarketError,
} from './errors';
import type { MarketAnswer } from './http';
import type { AttemptFailed } from './retryPolicy';

/**
 * ky (8 KB gzip) comes on the first call that needs it, not with the first paint: the
 * composed page's first prices are the boot script's request (docs/decisions/0021).
 * A chunk that cannot be loaded is a connection failure like any other (the loader's own
 * error kept as its cause); the next call asks for it again.
 */
const loadHttp = () =>
  import(/* webpackChunkName: "market-http" */ './http').catch((error: unknown) => {
    throw new ConnectionError(undefined, { cause: error });
  });

/** Loads the HTTP part ahead of the call that needs it; a failure is left to that call. */
export const preloadMarketHttp = (): Promise<unknown> => loadHttp().catch(() => undefined);

export type QueryParams = Record<string, string | number | boolean>;

/** A path segment may not be '.' or '..' (docs/product.md#validation-rules): it would climb out of the API. */
function checkedPath(segments: readonly string[]): string {
  for (const segment of segments) {
    if (segment.trim() === '.' || segment.trim() === '..' || segment === '') {
      throw new InvalidRequestError(`Invalid path parameter: '${segment}'`);
    }
  }
  return segments.map(encodeURIComponent).join('/');
}

/**
 * GET one market API route: its answer, the JSON unchecked (each request passes it through
 * the door in schemas.ts) with the headers that date it. Every failure is logged per
 * docs/product.md#errors-and-empty-states and rethrown as a typed MarketError.
 * `onAttemptFailed` hears of each failed attempt that will be retried.
 */
export async function marketGetAnswer(
  segments: readonly string[],
  searchParams: QueryParams,
  signal?: AbortSignal,
  onAttemptFailed?: AttemptFailed,
): Promise<MarketAnswer> {
  try {
    const path = checkedPath(segments);
    const http = await loadHttp().catch((error: unknown) => {
      // A call given up while its chunk was on the way was given up, whatever the chunk did.
      throw signal?.aborted ? new UserAbortError() : error;
    });
    return await http.getAnswer(path, searchParams, signal, onAttemptFailed);
  } catch (error) {
    const marketError = error instanceof MarketError ? error : new MarketError(String(error));
    logMarketError(marketError);
    throw marketError;
  }
}

/** GET one market API route: its JSON, unchecked (see marketGetAnswer). */
export async function marketGet(
  segments: readonly string[],
  searchParams: QueryParams,
  signal?: AbortSignal,
  onAttemptFailed?: AttemptFailed,
): Promise<unknown> {
  return (await marketGetAnswer(segments, searchParams, signal, onAttemptFailed)).data;
}
