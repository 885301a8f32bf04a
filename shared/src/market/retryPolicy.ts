import { isHTTPError, isTimeoutError, type RetryOptions, type ShouldRetryState } from 'ky';
import { retryAfterMs } from './retryAfter';

const RETRIED_STATUSES = [408, 409, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * docs/product.md#numbers-and-limits: 3 retries on 408, 409, 429, 5xx and connection failures; backoff from
 * 0.5 s doubling to 8 s with up to 25% jitter; Retry-After honoured up to 60 s.
 * A request that ran into the 60 s timeout is not retried (ky's retryOnTimeout stays off):
 * the spec names connection failures, and three more 60 s waits would keep a visitor
 * waiting four minutes for an answer the next refresh can fetch.
 */
export const MARKET_RETRY: RetryOptions = {
  limit: 3,
  methods: ['get'],
  statusCodes: RETRIED_STATUSES,
  afterStatusCodes: RETRIED_STATUSES,
  maxRetryAfter: MAX_RETRY_AFTER_MS,
  delay: (attempt) => 500 * 2 ** (attempt - 1),
  backoffLimit: 8_000,
  jitter: (delay) => delay * (1 + Math.random() * 0.25),
  // ky caps a long Retry-After at maxRetryAfter; the spec ignores it instead, so a retry
  // is forced here, which makes ky use the normal backoff.
  shouldRetry: ({ error }) => {
    if (!isHTTPError(error) || !RETRIED_STATUSES.includes(error.response.status)) return undefined;
    const wait = retryAfterMs(error.response.headers);
    return wait !== null && wait > MAX_RETRY_AFTER_MS ? true : undefined;
  },
};

/** Told of a failed attempt that will be retried, with its message when known, as it fails. */
export type AttemptFailed = (message: string | null) => void;

/**
 * Whether ky's default rules retry this failure (MARKET_RETRY's shouldRetry having left it
 * to them): attempts left, and a retried status, or no answer at all but the timeout.
 */
export function willRetry({ error, retryCount }: ShouldRetryState): boolean {
  if (retryCount > (MARKET_RETRY.limit ?? 0)) return false;
  if (isHTTPError(error)) return RETRIED_STATUSES.includes(error.response.status);
  return !isTimeoutError(error) && error.name !== 'AbortError';
}
