import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

/** Any failure of a market API call (SPEC section 8). */
export class MarketError extends Error {
  override name = 'MarketError';
}

/** The request was not sent: it was invalid before it left (blank query, dot segment). */
export class InvalidRequestError extends MarketError {
  override name = 'InvalidRequestError';
}

/** The API answered with an error status. */
export class MarketApiError extends MarketError {
  override name = 'MarketApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequestError extends MarketApiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends MarketApiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends MarketApiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends MarketApiError {
  override name = 'NotFoundError';
}
export class ConflictError extends MarketApiError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends MarketApiError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends MarketApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends MarketApiError {
  override name = 'InternalServerError';
}

export class ConnectionError extends MarketError {
  override name = 'ConnectionError';
  constructor(message = 'Connection error.') {
    super(message);
  }
}
export class ConnectionTimeoutError extends ConnectionError {
  override name = 'ConnectionTimeoutError';
  constructor() {
    super('Request timed out.');
  }
}
export class UserAbortError extends MarketError {
  override name = 'UserAbortError';
  constructor() {
    super('Request was aborted.');
  }
}

const API_ERRORS: Record<number, typeof MarketApiError> = {
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

/** Turns whatever ky or fetch threw into one of the typed errors above. */
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

/** SPEC section 8: what is logged before a failed call's error is rethrown. */
export function logMarketError(error: MarketError): void {
  if (error instanceof RateLimitError) {
    console.error('Rate limit exceeded. Please try again later.');
  } else if (error instanceof MarketApiError) {
    console.error(`${error.name} (status ${error.status}): ${error.message}`);
  } else {
    console.error(`An unexpected error occurred while fetching market data: ${error.message}`);
  }
}
