/** The longest wait between two attempts to reach the server. */
const MAX_RETRY_WAIT_MS = 60_000;
/** A Retry-After longer than this is waited no longer (the page keeps trying). */
const RETRY_AFTER_CAP_MS = 5 * 60_000;

/**
 * How long the saved watchlist waits before its next attempt: the server's Retry-After when
 * it sent one, else 1 s doubling to a minute, plus up to a quarter more at random (pages
 * retry at different moments).
 */
export function retryWait(failures: number, retryAfterMs: number | null = null): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, RETRY_AFTER_CAP_MS);
  const wait = Math.min(1000 * 2 ** Math.max(0, failures - 1), MAX_RETRY_WAIT_MS);
  return wait * (1 + Math.random() * 0.25);
}
