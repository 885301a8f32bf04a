import ky, { type KyInstance } from 'ky';
import { MARKET_TIMEOUT_MS, marketHeaders, type MarketSettings } from '../config';
import { InvalidRequestError, logMarketError, toMarketError } from './errors';
import { MARKET_RETRY } from './retryPolicy';
import { getMarketSettings } from './settings';

let cached: { settings: MarketSettings; client: KyInstance } | null = null;

/**
 * The base URL made absolute against the page: the composed page's gateway is the
 * same-origin path '/api/market', and ky's `prefix` only joins strings.
 */
function absoluteBaseUrl(baseUrl: string): string {
  try {
    return new URL(baseUrl, globalThis.document?.baseURI).href;
  } catch {
    throw new InvalidRequestError(`The market API URL '${baseUrl}' is not a URL.`);
  }
}

/** One ky instance per runtime market settings (they change only at boot). */
function client(): KyInstance {
  const settings = getMarketSettings();
  if (cached?.settings !== settings) {
    cached = {
      settings,
      client: ky.create({
        prefix: absoluteBaseUrl(settings.baseUrl),
        headers: marketHeaders(settings),
        timeout: MARKET_TIMEOUT_MS,
        retry: MARKET_RETRY,
      }),
    };
  }
  return cached.client;
}

export type QueryParams = Record<string, string | number | boolean>;

/** A path segment may not be '.' or '..' (SPEC section 5): it would climb out of the API. */
function checkedPath(segments: readonly string[]): string {
  for (const segment of segments) {
    if (segment.trim() === '.' || segment.trim() === '..' || segment === '') {
      throw new InvalidRequestError(`Invalid path parameter: '${segment}'`);
    }
  }
  return segments.map(encodeURIComponent).join('/');
}

/**
 * GET one market API route: its JSON, unchecked (each request passes it through the door
 * in schemas.ts). Every failure is logged per SPEC section 8 and rethrown as a typed
 * MarketError.
 */
export async function marketGet(
  segments: readonly string[],
  searchParams: QueryParams,
  signal?: AbortSignal,
): Promise<unknown> {
  try {
    return await client()
      .get(checkedPath(segments), { searchParams, ...(signal ? { signal } : {}) })
      .json<unknown>();
  } catch (error) {
    const marketError = toMarketError(error);
    logMarketError(marketError);
    throw marketError;
  }
}
