import ky, { type KyInstance } from 'ky';
import type { MarketSettings } from '../config';
import { InvalidRequestError, logMarketError, toMarketError } from './errors';
import { MARKET_RETRY } from './retryPolicy';
import { getMarketSettings } from './settings';

const KEY_HEADERS = { demo: 'x-cg-demo-api-key', pro: 'x-cg-pro-api-key' } as const;

/** The plan's key header; none for keyless demo access. */
export function marketHeaders({ plan, apiKey }: MarketSettings): Record<string, string> {
  return apiKey ? { [KEY_HEADERS[plan]]: apiKey } : {};
}

let cached: { settings: MarketSettings; client: KyInstance } | null = null;

/** One ky instance per runtime market settings (they change only at boot). */
function client(): KyInstance {
  const settings = getMarketSettings();
  if (cached?.settings !== settings) {
    cached = {
      settings,
      client: ky.create({
        prefix: settings.baseUrl,
        headers: marketHeaders(settings),
        timeout: 60_000,
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
