import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { MARKET_TIMEOUT_MS, marketHeaders, type MarketSettings } from '../config';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  ConnectionTimeoutError,
  InternalServerError,
  InvalidRequestError,
  MarketApiError,
  MarketError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  UserAbortError,
} from './errors';
import { MARKET_RETRY } from './retryPolicy';
import { getMarketSettings } from './settings';

// ky and everything that needs it, loaded by client.ts on the first call that is not
// answered by the boot script's request (docs/decisions/0021).

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

const API_ERRORS: Partial<Record<number, typeof MarketApiError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The API's own words, when its body has them (CoinGecko: status.error_message or error). */
function detailOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { status, error } = data as { status?: { error_message?: unknown }; error?: unknown };
  const text = typeof status?.error_message === 'string' ? status.error_message : error;
  return typeof text === 'string' && text.trim() ? text.trim().slice(0, 200) : null;
}

/** Turns whatever ky or fetch threw into one of the typed errors of errors.ts. */
export function toMarketError(error: unknown): MarketError {
  if (error instanceof MarketError) return error;
  if (isHTTPError(error)) {
    const { status, statusText } = error.response;
    const Type = API_ERRORS[status] ?? (status >= 500 ? InternalServerError : MarketApiError);
    const detail = detailOf(error.data) ?? (statusText || 'Request failed');
    return new Type(status, `${status} ${detail}`);
  }
  if (isTimeoutError(error)) return new ConnectionTimeoutError();
  if (isNetworkError(error)) return new ConnectionError();
  if (error instanceof Error && error.name === 'AbortError') return new UserAbortError();
  if (error instanceof TypeError) return new ConnectionError();
  return new MarketError(error instanceof Error ? error.message : String(error));
}

/** GET `path` under the market base URL: its JSON, or a typed MarketError. */
export async function getJson(
  path: string,
  searchParams: Record<string, string | number | boolean>,
  signal?: AbortSignal,
): Promise<unknown> {
  try {
    return await client()
      .get(path, { searchParams, ...(signal ? { signal } : {}) })
      .json<unknown>();
  } catch (error) {
    throw toMarketError(error);
  }
}
