import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { getAddress, verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import {
  verifyRequestSchema,
  type AuthError,
  type SessionInfo,
} from '@token-portfolio/shared/auth-bodies';
import { ClientRateLimiter, type VisitorLimit } from '../../shared/server/clientRateLimiter';
import { visitorKey } from '../../shared/server/visitorKey';
import { LOCAL_CHAIN_ID, SUPPORTED_CHAIN_IDS } from '../src/wallet/chainIds';
import { crossSiteGuard } from './crossSiteGuard';
import { listeningOrigins, originOf } from './origins';
import {
  NONCE_TTL_MS,
  SESSION_TTL_MS,
  sessionCookie,
  type CookieData,
  type ReadCookie,
} from './sessionCookie';
import { MemorySessionStore, SessionStoreFullError, type SessionStore } from './sessionStore';

export interface AuthPluginOptions {
  /** Seals the session cookie: at least 32 characters. */
  secret: string;
  /** Whether the local development chain (31337) may sign in. */
  localChain: boolean;
  /**
   * The site's public origin (e.g. https://portfolio.example): when set, the only origin a
   * sign-in message may name. When absent, only the origin the server listens on (see
   * listeningOrigins). Never taken from the request: a Host header proves nothing.
   */
  publicOrigin?: string | null;
  /** Used nonces and open sessions; an in-memory store when absent. Closed with the server. */
  store?: SessionStore;
  /** Clock for expiry checks (tests move it). */
  now?: () => number;
  /** Who the visitor is, for the limits below (default: visitorKey of request.ip). */
  visitorOf?: (request: FastifyRequest) => string;
  /** GET /nonce per visitor in any minute (default 10). */
  noncesPerVisitorPerMinute?: number;
  /** POST /verify per visitor in any hour (default 30). */
  signInsPerVisitorPerHour?: number;
  /**
   * Told of each session this API ends (Sign out, a new sign-in in the same browser), so
   * that what the session holds open ends at once (SignedInSessions.ended).
   */
  onSessionEnded?: (sessionId: string) => void;
  /**
   * Where those two limits are counted: this process by default, or every server together
   * (the composed server's shared state); given the name, limit and window of each.
   */
  visitorLimit?: (name: string, limit: number, windowMs: number) => VisitorLimit;
}

/** The session store cannot be reached now (Redis down): answered 503. */
class StoreUnavailableError extends Error {}

/** How far the clocks of the visitor and the server may differ (a message's Issued At). */
const CLOCK_SKEW_MS = 3 * 60_000;
const HOUR_MS = 3_600_000;

/** The URI a message names is one of the site's origins, as is, without user info. */
function uriOrigin(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.username || url.password ? null : originOf(uri);
  } catch {
    return null;
  }
}

/** Issued At lies between when the nonce was issued and now (each give or take the skew). */
function issuedInTime(issuedAt: Date | undefined, nonceIssuedAt: number, now: number) {
  const at = issuedAt?.getTime() ?? NaN;
  return at >= nonceIssuedAt - CLOCK_SKEW_MS && at <= now + CLOCK_SKEW_MS;
}

/** '42 s', or '3 min' for longer waits. */
const waitTime = (seconds: number) =>
  seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;

/** Largest request body accepted (a sign-in message and signature are well under 1 KB). */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

const SIGNED_OUT: SessionInfo = { address: null, chainId: null };

/** Fastify's own refusals of a body, as the API's JSON errors. */
const BODY_ERRORS: Record<number, AuthError> = {
  400: { error: 'malformed_body', message: 'The request body is not valid JSON.' },
  413: {
    error: 'body_too_large',
    message: `The request body is larger than ${AUTH_BODY_LIMIT_BYTES / 1024} KB.`,
  },
  415: { error: 'unsupported_media_type', message: 'Send the request body as application/json.' },
};

/**
 * Sign-In with Ethereum: GET nonce, POST verify, GET session, POST logout. A nonce is
 * issued in the visitor's sealed cookie and gets one attempt, recorded in the session
 * store; a session is an id in the cookie that counts only while the store has it, so Sign
 * out (or its expiry) ends every copy of the cookie.
 */
export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const store: SessionStore = options.store ?? new MemorySessionStore({ now });
  app.addHook('onClose', () => store.close());
  const cookies = sessionCookie(options.secret);

  const publicOrigin = options.publicOrigin ? originOf(options.publicOrigin) : null;
  if (options.publicOrigin && publicOrigin === null) {
    throw new Error(`publicOrigin must be an http(s) origin, not '${options.publicOrigin}'.`);
  }
  const acceptedOrigins = () =>
    publicOrigin !== null ? [publicOrigin] : listeningOrigins(app.server.address());
  /** The message names this site: its domain and its uri's origin are one of ours. */
  const isForThisSite = (domain: string, uri: string) => {
    const named = uriOrigin(uri);
    return acceptedOrigins().some((origin) => origin === named && new URL(origin).host === domain);
  };
  const chainIds = new Set<number>([
    ...SUPPORTED_CHAIN_IDS,
    ...(options.localChain ? [LOCAL_CHAIN_ID] : []),
  ]);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Each visitor's share of the nonces and sign-ins: one client cannot make the server
  // sign or store for everyone (it answers before the body is read).
  const visitorOf = options.visitorOf ?? ((request: FastifyRequest) => visitorKey(request.ip));
  const visitorLimit =
    options.visitorLimit ??
    ((_name: string, limit: number, windowMs: number) => new ClientRateLimiter(limit, windowMs));
  const nonceLimit = visitorLimit('nonce', options.noncesPerVisitorPerMinute ?? 10, 60_000);
  const signInLimit = visitorLimit('sign-in', options.signInsPerVisitorPerHour ?? 30, HOUR_MS);
  const limited =
    (limiter: VisitorLimit) => async (request: FastifyRequest, reply: FastifyReply) => {
      const waitMs = await limiter.take(visitorOf(request));
      if (waitMs === null) return;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({
          error: 'too_many_attempts',
          message: `Too many sign-in attempts from your network; try again in ${waitTime(seconds)}.`,
        } satisfies AuthError);
    };

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SessionStoreFullError) {
      return reply.code(503).send({
        error: 'sign_in_unavailable',
        message: 'This server cannot take more sign-ins right now; try again later.',
      } satisfies AuthError);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const bodyError = BODY_ERRORS[status];
    if (bodyError) return reply.code(status).send(bodyError);
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ error: 'bad_request', message: 'The request is not valid.' });
    }
    // The store is unreachable or failed: the visitor's request was not at fault. An outage
    // is logged once by the store's owner, not for each request.
    if (store.available?.() !== false) request.log.error({ err: error }, 'auth API failed');
    return reply.code(503).send({
      error: 'unavailable',
      message: 'Sign-in is unavailable right now; try again later.',
    } satisfies AuthError);
  });

  /** While the store cannot be reached, no nonce: the visitor is not asked to sign for nothing. */
  const storeReachable = async () => {
    if (store.available?.() === false) throw new StoreUnavailableError();
  };

  /** Only our own pages may change the sign-in (a cross-site form could sign a visitor out). */
  const sameSiteOnly = crossSiteGuard(
    publicOrigin,
    'Requests from another site may not change the sign-in.',
  );

  async function endSession(sessionId: string) {
    await store.closeSession(sessionId);
    options.onSessionEnded?.(sessionId);
  }

  /** Writes what the cookie should hold from now on; clears it when that is nothing. */
  async function keep(
    request: FastifyRequest,
    reply: FastifyReply,
    read: ReadCookie,
    data: CookieData,
  ) {
    if (Object.keys(data).length > 0) await cookies.write(request, reply, data);
    else if (read.state !== 'absent') cookies.clear(request, reply);
  }

  // The nonce lives in the visitor's sealed cookie with its expiry, so it binds to this
  // visitor and costs the server nothing until it signs in; a newer one replaces an older.
  app.get(
    '/nonce',
    { onRequest: [sameSiteOnly, limited(nonceLimit), storeReachable] },
    async (request, reply) => {
      const read = await cookies.read(request);
      const nonce = generateSiweNonce();
      await keep(request, reply, read, {
        ...read.data,
        nonce,
        nonceExpiresAt: now() + NONCE_TTL_MS,
      });
      return { nonce };
    },
  );

  app.post(
    '/verify',
    { onRequest: [sameSiteOnly, limited(signInLimit)], bodyLimit: AUTH_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const read = await cookies.read(request);
      const { nonce: issuedNonce, nonceExpiresAt = 0, ...kept } = read.data;
      // Every answer drops the nonce from this cookie: it gets one attempt here. The server
      // records it only once a valid signature used it (below), so a copy of the cookie
      // cannot replay that sign-in, and a failed attempt costs the store nothing.
      const live = issuedNonce !== undefined && nonceExpiresAt > now();
      const reject = async (status: number, error: string, message: string) => {
        await keep(request, reply, read, kept);
        return reply.code(status).send({ error, message } satisfies AuthError);
      };

      const body = v.safeParse(verifyRequestSchema, request.body);
      if (!body.success) {
        return reject(
          400,
          'malformed_body',
          'The body must be JSON with a message and a 0x-hex signature.',
        );
      }
      const { message, signature } = body.output;
      const parsed = parseSiweMessage(message);
      if (
        !parsed.address ||
        !parsed.nonce ||
        !parsed.domain ||
        !parsed.uri ||
        parsed.chainId === undefined
      ) {
        return reject(
          400,
          'malformed_message',
          'The message is not a Sign-In with Ethereum message.',
        );
      }
      if (!live || parsed.nonce !== issuedNonce) {
        return reject(401, 'invalid_nonce', 'The nonce is unknown, used or expired.');
      }
      if (!isForThisSite(parsed.domain, parsed.uri)) {
        return reject(401, 'wrong_domain', 'The message is for another site than this one.');
      }
      if (!chainIds.has(parsed.chainId)) {
        return reject(
          401,
          'unsupported_chain',
          'The message names a chain this site does not offer.',
        );
      }
      const nonceIssuedAt = nonceExpiresAt - NONCE_TTL_MS;
      if (
        !issuedInTime(parsed.issuedAt, nonceIssuedAt, now()) ||
        !validateSiweMessage({ message: parsed, time: new Date(now()) })
      ) {
        return reject(401, 'expired_message', 'The message has expired or is not valid yet.');
      }
      // Key recovery only (wallets with their own key): the server calls no chain, so
      // sign-in works offline; a smart-account signature is refused rather than hanging.
      const signed = await verifyMessage({ address: parsed.address, message, signature }).catch(
        () => false,
      );
      if (!signed) return reject(401, 'invalid_signature', 'The signature does not match.');
      if (!(await store.useNonce(issuedNonce, nonceExpiresAt))) {
        return reject(401, 'invalid_nonce', 'The nonce is unknown, used or expired.');
      }

      const sessionId = randomBytes(32).toString('base64url');
      // One spelling per wallet: the checksummed address (EIP-55).
      const session = { address: getAddress(parsed.address), chainId: parsed.chainId };
      const sessionExpiresAt = now() + SESSION_TTL_MS;
      await store.openSession(sessionId, session, sessionExpiresAt);
      if (kept.sessionId !== undefined) await endSession(kept.sessionId);
      await keep(request, reply, read, { ...kept, sessionId, sessionExpiresAt });
      return session satisfies SessionInfo;
    },
  );

  app.get('/session', async (request, reply): Promise<SessionInfo> => {
    const read = await cookies.read(request);
    const { sessionId, sessionExpiresAt: _, ...rest } = read.data;
    const session = sessionId === undefined ? null : await store.findSession(sessionId);
    // A session the server no longer has (signed out, expired) is dropped from the cookie.
    if (session === null && (sessionId !== undefined || read.state === 'invalid')) {
      await keep(request, reply, read, rest);
    }
    return session ?? SIGNED_OUT;
  });

  app.post('/logout', { onRequest: sameSiteOnly }, async (request, reply) => {
    const read = await cookies.read(request);
    if (read.data.sessionId !== undefined) await endSession(read.data.sessionId);
    if (read.state !== 'absent') cookies.clear(request, reply);
    return SIGNED_OUT;
  });
};
