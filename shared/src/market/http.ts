import ky, { isHTTPError, isTimeoutError, type KyInstance, type RetryOptions } from 'ky';
import { answerHeadersOf, type AnswerHeaders } from './answerHeaders';
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
import { MARKET_RETRY, type AttemptFailed, willRetry } from './retryPolicy';
import { getMarketSettings } from './settings';

// ky and everything that needs it, loaded by client.ts on the first call that is not
// answered by the boot script's request (docs/decisions/0021).

let cached: { settings: MarketSettings; client: KyInstance } | null = null;

/**
 * The base URL made absolute against the page: the composed page's gateway is the
 * same-origin path '/api/market', and ky's `prefixUrl` only joins strings.
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
        prefixUrl: absoluteBaseUrl(settings.baseUrl),
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

/**
 * The API's own words from an error answer's body, when it has them (ky 1 leaves the body
 * unread); null when it has none or is not JSON.
 */
async function errorDetail(response: Response): Promise<string | null> {
  try {
    return detailOf(await response.clone().json());
  } catch {
    return null;
  }
}

/**
 * Turns whatever ky or fetch threw into one of the typed errors of errors.ts. `detail`:
 * the API's words for an HTTP error.
 */
export function toMarketError(error: unknown, detail: string | null = null): MarketError {
  if (error instanceof MarketError) return error;
  if (isHTTPError(error)) {
    const { status, statusText } = error.response;
    const Type = API_ERRORS[status] ?? (status >= 500 ? InternalServerError : MarketApiError);
    return new Type(status, `${status} ${detail ?? (statusText || 'Request failed')}`);
  }
  if (isTimeoutError(error)) return new ConnectionTimeoutError();
  // By name: an error from another realm (a frame, Node's fetch under a test) is no
  // instance of this one's classes.
  const { name, message }: { name?: unknown; message?: unknown } =
    typeof error === 'object' && error !== null ? error : {};
  if (name === 'AbortError') return new UserAbortError();
  // fetch's own failures (no connection, CORS, DNS) are TypeErrors.
  if (name === 'TypeError') return new ConnectionError();
  return new MarketError(typeof message === 'string' ? message : String(error));
}

/**
 * The retry policy, telling `onAttemptFailed` of each failed attempt that will be retried
 * as soon as it fails, before the wait for the retry (which a Retry-After can make long).
 */
function retryTelling(onAttemptFailed: AttemptFailed): RetryOptions {
  return {
    ...MARKET_RETRY,
    shouldRetry: (state) => {
      const decision = MARKET_RETRY.shouldRetry?.(state);
      if (decision instanceof Promise) return decision; // not ours: ours decides at once
      if (decision ?? willRetry(state)) onAttemptFailed(toMarketError(state.error).message);
      return decision;
    },
  };
}

/** A market answer as it arrived: its JSON, unchecked, and the headers that date it. */
export interface MarketAnswer {
  data: unknown;
  headers: AnswerHeaders;
  /** When it arrived (epoch ms). */
  arrivedAt: number;
}

/**
 * GET `path` under the market base URL: its answer, or a typed MarketError.
 * `onAttemptFailed` hears of each failed attempt that will be retried, when it fails.
 */
export async function getAnswer(
  path: string,
  searchParams: Record<string, string | number | boolean>,
  signal?: AbortSignal,
  onAttemptFailed?: AttemptFailed,
): Promise<MarketAnswer> {
  try {
    const request = client().get(path, {
      searchParams,
      ...(signal ? { signal } : {}),
      ...(onAttemptFailed ? { retry: retryTelling(onAttemptFailed) } : {}),
    });
    const data = await request.json<unknown>();
    // The request's response, its body read by json(): its headers are still there.
    const { headers } = await request;
    return { data, headers: answerHeadersOf(headers), arrivedAt: Date.now() };
  } catch (error) {
    throw toMarketError(error, isHTTPError(error) ? await errorDetail(error.response) : null);
  }
}
