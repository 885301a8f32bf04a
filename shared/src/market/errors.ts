/** Any failure of a market API call (docs/product.md#errors-and-empty-states). */
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
  constructor(message = 'Connection error.', options?: ErrorOptions) {
    super(message, options);
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

/** docs/product.md#errors-and-empty-states: what is logged before a failed call's error is rethrown. */
export function logMarketError(error: MarketError): void {
  if (error instanceof RateLimitError) {
    console.error('Rate limit exceeded. Please try again later.');
  } else if (error instanceof MarketApiError) {
    console.error(`${error.name} (status ${error.status}): ${error.message}`);
  } else {
    console.error(`An unexpected error occurred while fetching market data: ${error.message}`);
  }
}
