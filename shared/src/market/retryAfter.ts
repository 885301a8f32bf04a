/**
 * Retry-After in ms (seconds or an HTTP date), or null when absent or unreadable. Without
 * ky, so code on the first paint (the saved watchlist's requests) can read it too.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const text = headers.get('retry-after')?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
