import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { listeningOrigins } from './origins';

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

/**
 * An onRequest hook: a request a browser sent from another site is refused with 403
 * `{ error: 'cross_site', message }`. Ours are `publicOrigin` (an origin, from originOf) when
 * set, else the origins the server listens on (listeningOrigins).
 */
export function crossSiteGuard(publicOrigin: string | null, message: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const ours =
      publicOrigin !== null ? [publicOrigin] : listeningOrigins(request.server.server.address());
    if (isCrossSite(request.headers, ours)) {
      return reply.code(403).send({ error: 'cross_site', message });
    }
  };
}
