// The saved watchlist API, /api/watchlist (docs/architecture.md#the-wallets-
// watchlist-on-the-server): only the signed-in wallet reads or writes its own list.
import { createHash } from 'node:crypto';
import fastifySse from '@fastify/sse';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import * as v from 'valibot';
import { visitorKey } from '@token-portfolio/shared/server/visitorKey';
import {
  crossSiteGuard,
  type SignedInSession,
  type SignedInSessions,
} from '@token-portfolio/remote-header/server';
import {
  STREAM_HEARTBEAT_MS,
  WATCHLIST_CAP,
  changeRequestSchema,
  type WatchlistError,
} from '@token-portfolio/shared/watchlist-bodies';
import { followWallet, type StreamEvent } from './eventStream';
import { FULL_AT } from './storage';
import type { WalletWatchlists } from './walletWatchlists';

/** Largest change request accepted (1,000 changes take about 150 KB). */
export const CHANGES_BODY_LIMIT_BYTES = 256 * 1024;
/** Per session: requests a minute, open event streams on this server. */
export const REQUESTS_PER_MINUTE = 60;
export const STREAMS_PER_SESSION = 10;
/**
 * Per visitor address (visitorKey), whichever wallets and sessions it signs in with: changes
 * saved an hour. Sessions are free to make (30 sign-ins an hour, each with a new key), so a
 * per-session limit let one address grow the shared store about 30 times as fast.
 */
export const CHANGES_PER_HOUR = 10_000;
/** How long a page's EventSource waits before it connects again. */
const RETRY_MS = 2_000;

export interface WalletWatchlistPluginOptions {
  watchlists: WalletWatchlists;
  /** Who is signed in (the sign-in API's sessions). Closed with the server, as `watchlists`. */
  sessions: SignedInSessions;
  /** PUBLIC_ORIGIN, as an origin: the only one requests may come from when set. */
  publicOrigin: string | null;
  /** The shared Redis, so that a session's limits count on every server; null: this one. */
  redis: Redis | null;
  /** How often an open stream sends a heartbeat event; STREAM_HEARTBEAT_MS when absent. */
  heartbeatMs?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session the request is signed in with (the API's routes answer 401 without one). */
    walletSession: SignedInSession | null;
  }
}

const UNAVAILABLE: WatchlistError = {
  error: 'unavailable',
  message: 'Your saved watchlist cannot be reached right now; changes are kept on this device.',
};
/** The store is nearly full (WalletStorage.hasRoom): as unavailable, for the page. */
const NO_ROOM: WatchlistError = {
  error: 'unavailable',
  message:
    'Your saved watchlist cannot take more changes right now; changes are kept on this device.',
};
const NO_ROOM_RETRY_SECONDS = 300;
/** While the store has no room, the log says so at most this often. */
const NO_ROOM_LOG_EVERY_MS = 10 * 60_000;

/** Fastify's own refusals of a request, as the API's JSON errors. */
const REFUSALS: Record<number, WatchlistError> = {
  400: { error: 'malformed_body', message: 'The request body is not valid JSON.' },
  413: {
    error: 'body_too_large',
    message: `The request body is larger than ${CHANGES_BODY_LIMIT_BYTES / 1024} KB.`,
  },
  415: { error: 'unsupported_media_type', message: 'Send the request body as application/json.' },
};

/** A session id is a secret: limits count it by a hash. */
const limitKey = (session: SignedInSession) =>
  createHash('sha256').update(session.id).digest('base64url');

/** '42 s', or '3 min' for longer waits. */
const waitTime = (seconds: number) =>
  seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;

/** `since` or Last-Event-ID: a version, or absent. */
const versionText = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/, 'must be a version (a whole number).'),
    v.transform(Number),
  ),
);

export const walletWatchlistPlugin: FastifyPluginAsync<WalletWatchlistPluginOptions> = async (
  app,
  { watchlists, sessions, publicOrigin, redis, heartbeatMs = STREAM_HEARTBEAT_MS },
) => {
  let closing = false;
  /** Ends each open stream (the page's EventSource connects again, maybe to another server). */
  const openStreams = new Set<() => void>();
  const streamsOfSession = new Map<string, number>();
  let noRoomLoggedAt = -Infinity;
  app.addHook('preClose', async () => {
    closing = true;
    for (const end of openStreams) end();
  });
  app.addHook('onClose', async () => {
    sessions.close();
    await watchlists.close();
  });
  // Its heartbeat is a comment, which EventSource never shows the page: ours is an event.
  await app.register(fastifySse, { heartbeatInterval: 0 });

  const limiter = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  const requests = limiter('token-portfolio:watchlist-requests', REQUESTS_PER_MINUTE, 60);
  const changes = limiter('token-portfolio:watchlist-changes-by-address', CHANGES_PER_HOUR, 3_600);

  /** Counts `points` against `who`'s limit; answers 429 (true) when over it. */
  async function overLimit(
    reply: FastifyReply,
    limit: RateLimiterAbstract,
    who: string,
    points: number,
    refusal: (wait: string) => WatchlistError,
  ): Promise<boolean> {
    try {
      await limit.consume(who, points);
      return false;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      await reply
        .code(429)
        .header('retry-after', String(seconds))
        .send(refusal(waitTime(seconds)));
      return true;
    }
  }

  // JSON only: every other body is 415 (Fastify would read text/plain as a string).
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('walletSession', null);
  app.addHook(
    'onRequest',
    crossSiteGuard(
      publicOrigin,
      'Requests from another site may not read or change the saved watchlist.',
    ),
  );
  app.addHook('onRequest', async (request, reply) => {
    const session = await sessions.of(request);
    if (session === null) {
      return reply.code(401).send({
        error: 'signed_out',
        message: 'Sign in with your wallet to use your saved watchlist.',
      } satisfies WatchlistError);
    }
    request.walletSession = session;
    await overLimit(reply, requests, limitKey(session), 1, (wait) => ({
      error: 'too_many_requests',
      message: `Too many requests for your saved watchlist; try again in ${wait}.`,
    }));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    const refusal = REFUSALS[status];
    if (refusal) return reply.code(status).send(refusal);
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ error: 'bad_request', message: 'The request is not valid.' });
    }
    // The store failed (Redis away, the folder's lock lost, a damaged file): its name and
    // message only, never what the request or the list holds.
    request.log.warn(`Saved watchlists: ${error.name}: ${error.message}`);
    return reply.code(503).send(UNAVAILABLE);
  });

  /** The wallet of a request that passed the hooks above. */
  const signedIn = (request: FastifyRequest) => {
    const session = request.walletSession;
    if (session === null) throw new Error('no session after the sign-in hook');
    return { session, wallet: session.address.toLowerCase() };
  };

  app.get('/', async (request) => watchlists.read(signedIn(request).wallet));

  app.post('/changes', { bodyLimit: CHANGES_BODY_LIMIT_BYTES }, async (request, reply) => {
    const { wallet } = signedIn(request);
    const body = v.safeParse(changeRequestSchema, request.body);
    if (!body.success) {
      const [issue] = body.issues;
      const where = issue ? v.getDotPath(issue) : null;
      return reply.code(400).send({
        error: 'invalid_body',
        message: `The request body is not valid: ${where ? `${where}: ` : ''}${issue?.message ?? ''}`,
      } satisfies WatchlistError);
    }
    const refused = await overLimit(
      reply,
      changes,
      visitorKey(request.ip),
      body.output.changes.length,
      (wait) => ({
        error: 'too_many_changes',
        message: `Too many changes to saved watchlists from your address this hour; try again in ${wait}.`,
      }),
    );
    if (refused) return reply;
    const outcome = await watchlists.apply(wallet, body.output);
    if (outcome.kind === 'applied') return outcome.answer;
    if (outcome.kind === 'noRoom') {
      if (Date.now() - noRoomLoggedAt >= NO_ROOM_LOG_EVERY_MS) {
        noRoomLoggedAt = Date.now();
        request.log.warn(
          `Saved watchlists: the store uses ${FULL_AT * 100}% of its room (Redis's maxmemory, or the disk under DATA_DIR); lists may not grow until it has more.`,
        );
      }
      return reply.code(503).header('retry-after', String(NO_ROOM_RETRY_SECONDS)).send(NO_ROOM);
    }
    const cap = WATCHLIST_CAP.toLocaleString('en-US');
    return reply.code(409).send({
      error: 'watchlist_full',
      message: `Your watchlist holds ${cap} tokens at most; ${outcome.room} more fit.`,
      room: outcome.room,
    } satisfies WatchlistError);
  });

  app.delete('/', async (request, reply) => {
    await watchlists.delete(signedIn(request).wallet);
    return reply.code(204).send();
  });

  // No HEAD (Fastify adds one to each GET): it would open a stream whose headers are never
  // sent, holding one of the session's places until the client gave up.
  app.get('/events', { sse: 'only', exposeHeadRoute: false }, async (request, reply) => {
    const { session, wallet } = signedIn(request);
    const lastEventId = v.safeParse(versionText, request.headers['last-event-id']);
    const sinceQuery = v.safeParse(versionText, (request.query as { since?: unknown }).since);
    if (!lastEventId.success || !sinceQuery.success) {
      return reply.code(400).send({
        error: 'invalid_version',
        message: 'since and Last-Event-ID must be versions (whole numbers).',
      } satisfies WatchlistError);
    }
    const open = streamsOfSession.get(session.id) ?? 0;
    if (open >= STREAMS_PER_SESSION) {
      return reply.code(429).send({
        error: 'too_many_streams',
        message: `At most ${STREAMS_PER_SESSION} pages of one sign-in follow the saved watchlist at once; close one.`,
      } satisfies WatchlistError);
    }
    // The page's EventSource sends the last id it got when it connects again: it wins.
    const since = lastEventId.output ?? sinceQuery.output ?? 0;
    const sse = reply.sse;
    const end = () => sse.close();
    const send = (event: StreamEvent) =>
      void sse
        .send({
          event: event.event,
          data: event.data,
          ...(event.id !== undefined && { id: String(event.id) }),
        })
        .catch(end);
    reply.header('cache-control', 'no-store');
    streamsOfSession.set(session.id, open + 1);
    const cleanUp: (() => void)[] = [
      () => {
        const left = (streamsOfSession.get(session.id) ?? 1) - 1;
        if (left > 0) streamsOfSession.set(session.id, left);
        else streamsOfSession.delete(session.id);
      },
    ];
    const closed = () => {
      for (const step of cleanUp.splice(0)) step();
    };
    try {
      cleanUp.push(await followWallet(watchlists, wallet, since, send));
    } catch (error) {
      closed();
      throw error;
    }
    sse.keepAlive();
    // `data: undefined` sends the retry field alone.
    void sse.send({ retry: RETRY_MS, data: undefined }).catch(end);
    cleanUp.push(
      sessions.watch(session, (reason) => {
        send({ event: 'signed-out', data: { reason } });
        end();
      }),
    );
    // Named, so that the page tells a quiet stream from a dead connection (watchlistEvents.ts).
    const heartbeat = setInterval(() => send({ event: 'heartbeat', data: {} }), heartbeatMs);
    cleanUp.push(() => clearInterval(heartbeat));
    openStreams.add(end);
    cleanUp.push(() => openStreams.delete(end));
    sse.onClose(closed);
    // Gone already (the page left while it was caught up), or this server is stopping: what
    // the page missed is sent, then it connects again, to a server that stays.
    if (!sse.isConnected) closed();
    if (closing) end();
  });
};
