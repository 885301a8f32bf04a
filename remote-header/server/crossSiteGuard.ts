import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a browser sent this request from another site (a form or script elsewhere):
 * its Origin is not one of ours, or, without an Origin, Sec-Fetch-Site says it came from
 * another origin. A request with neither is not from a browser page (curl, a server),
 * which cannot ride on a visitor's cookie, and passes.
 */
export function isCrossSite(headers: IncomingHttpHeaders, ownOrigins: readonly string[]): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return !ownOrigins.includes(origin);
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  return false;
}
