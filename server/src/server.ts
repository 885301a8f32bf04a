import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@token-portfolio/shared/config';
import { REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import {
  MemorySessionStore,
  SignedInSessions,
  authPlugin,
} from '@token-portfolio/remote-header/server';
import { defaultDistFolders, type DistFolders } from './distFolders';
import { holdLimitsWhileClosing } from './closingLimits';
import { DEFAULT_LIMITS, type ServerLimits, type TrustProxy } from './config';
import { ComposedPage } from './firstPaint/composedPage';
import { FAST_BROTLI } from './marketGateway/compressedAnswers';
import { withSecretRedaction } from './logRedaction';
import { MarketGateway } from './marketGateway/marketGateway';
import { marketGatewayPlugin } from './marketGateway/plugin';
import { GATEWAY_PATH, type MarketGatewaySettings } from './marketGateway/settings';
import { STRICT_TRANSPORT_SECURITY, readScriptHashes, securityHeaders } from './securityHeaders';
import { FileSessionStore } from './fileSessionStore';
import { FileStorage } from './walletWatchlists/fileStorage';
import { walletWatchlistPlugin } from './walletWatchlists/plugin';
import { RedisStorage } from './walletWatchlists/redisStorage';
import { NoStorage } from './walletWatchlists/storage';
import { WalletWatchlists } from './walletWatchlists/walletWatchlists';
import { memoryState, redisState } from './sharedState/sharedState';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Content-hashed files never change: cache them for a year. Everything else (pages,
 * manifests, first-paint lists, stable-named entries) revalidates with its ETag. The build
 * emits a `.br` and a `.gz` beside each text file; they are served for it, same headers.
 */
const HASHED_FILE = /\.[0-9a-f]{8}\.(?:js|css|map)(?:\.br|\.gz)?$/;

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Headers of every static file: its caching, and that its bytes depend on Accept-Encoding. */
export function setStaticHeaders(
  res: { setHeader(name: string, value: string): void },
  filePath: string,
): void {
  res.setHeader('cache-control', cacheControlFor(filePath));
  res.setHeader('vary', 'accept-encoding');
}

/**
 * A remote's files are also loaded by pages on other origins (a host elsewhere, a page
 * embedding a widget with embed.js): public, so any origin may load and read them.
 */
export function setRemoteHeaders(
  res: { setHeader(name: string, value: string): void },
  filePath: string,
): void {
  setStaticHeaders(res, filePath);
  res.setHeader('cross-origin-resource-policy', 'cross-origin');
  res.setHeader('access-control-allow-origin', '*');
}

/**
 * Static files as a production server sends them: the build's brotli or gzip form when
 * the browser takes it (preCompressed), ETag and Last-Modified for revalidation.
 */
const staticOptions = {
  decorateReply: false,
  cacheControl: false,
  preCompressed: true,
  setHeaders: setStaticHeaders,
} as const;

/**
 * What the build writes for its own use and for debugging: source maps (the whole source,
 * with the build machine's paths) and build records. mf-manifest.json and first-paint.json
 * are read by pages and stay public.
 */
const BUILD_RECORD = /(?:\.map|\/(?:mf-stats|chunk-modules|csp-hashes)\.json)(?:\.br|\.gz)?$/;

export const isBuildRecord = (urlPath: string) => BUILD_RECORD.test(urlPath);

/** fastify-static's allowedPath: build records only when SERVE_BUILD_RECORDS asks for them. */
const servedFiles = (serveBuildRecords: boolean) => ({
  allowedPath: (pathName: string) => serveBuildRecords || !isBuildRecord(pathName),
});

/** Fastify's trustProxy for our proxies: the visitor is the hop the last of ours added. */
function fastifyTrustProxy(trustProxy: TrustProxy | boolean): FastifyServerOptions['trustProxy'] {
  if (trustProxy === false) return false;
  // `true` means one proxy of ours, never every hop (the left-most is the visitor's say).
  const ours = trustProxy === true ? { hops: 1 } : trustProxy;
  if ('addresses' in ours) return ours.addresses;
  return (_address: string, hop: number) => hop < ours.hops;
}

/**
 * Node writes its own answers to requests it cannot parse (400), whose headers are too big
 * (431) or too slow (408): with the security headers, no echo of the request, then closed.
 */
function clientErrorHandler(headers: Record<string, string>) {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    const body = JSON.stringify({ error: 'bad_request', message: STATUS_CODES[status] });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}` +
          `content-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/** What Node's own check reports when a request's headers or body took too long. */
const requestTimedOut = () =>
  Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

export interface ComposedServerOptions {
  runtime: RuntimeConfig;
  /** The market gateway (holding the market key) at /api/market; null or absent: direct mode. */
  marketGateway?: MarketGatewaySettings | null;
  dists?: DistFolders;
  /** Seals wallet sign-in sessions; a random one (sessions end on restart) when absent. */
  authSecret?: string;
  /** The only origin sign-in messages may name; the server's own address when absent. */
  publicOrigin?: string | null;
  /**
   * Our reverse proxies (TRUST_PROXY): whose X-Forwarded-Proto/-For/-Host to believe. `true`
   * means one proxy of ours in front; the visitor is the hop it added, never the left-most.
   */
  trustProxy?: TrustProxy | boolean;
  /** Timeouts, sign-in limits and build records (config.ts); the defaults when absent. */
  limits?: ServerLimits;
  /**
   * The Redis (redis://…) every server of the deployment shares: sessions, per-visitor
   * limits, the upstream budget and the market data. In this process when absent.
   */
  redisUrl?: string | null;
  /**
   * The folder (DATA_DIR) keeping signed-in wallets' watchlists without Redis, one JSON file
   * per wallet, locked to this process (creating a second server on it fails). Null or
   * absent: none are kept, and /api/watchlist answers that the saved watchlist cannot be
   * reached. Unused with redisUrl: the wallets' watchlists are in Redis.
   */
  dataDir?: string | null;
  /** How often the watchlist's event streams send a heartbeat; the shared 15 s when absent. */
  streamHeartbeatMs?: number;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The composed app: host at /, each remote under /remotes/<name>/, /config.json, and the
 * market gateway at /api/market/.
 */
export async function createComposedServer({
  runtime: configured,
  marketGateway = null,
  dists = defaultDistFolders(),
  authSecret = randomBytes(32).toString('hex'),
  publicOrigin = null,
  trustProxy = false,
  limits = DEFAULT_LIMITS,
  redisUrl = null,
  dataDir = null,
  streamHeartbeatMs,
  logger = false,
}: ComposedServerOptions): Promise<FastifyInstance> {
  // This server answers the sign-in API (below), so its pages ask who is signed in.
  const runtime: RuntimeConfig = { ...configured, signIn: true };
  // First: a DATA_DIR another process holds stops the start before anything is opened.
  // With Redis the wallets' watchlists are there, and no folder is used.
  const fileStorage =
    redisUrl || dataDir === null
      ? null
      : await FileStorage.open(dataDir, {
          warn: (message) => app.log.warn(message),
          error: (message) => app.log.error(message),
        });
  const headers = securityHeaders({
    runtime,
    marketApiUrl: marketGateway?.upstream.baseUrl ?? runtime.market.baseUrl,
    scriptHashes: readScriptHashes(dists.host),
  });
  const answerClientError = clientErrorHandler(headers);
  // How often Node looks for connections past those limits (its default is 30 s).
  const checkEveryMs = Math.min(1_000, limits.headersTimeoutMs);
  const app = Fastify({
    logger: withSecretRedaction(logger),
    trustProxy: fastifyTrustProxy(trustProxy),
    // A request whose headers or body never finish would hold its connection for good.
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: checkEveryMs,
    },
    clientErrorHandler: answerClientError,
    // While closing, requests already on an open connection are answered, not refused
    // with a bare 503: nginx moves the next ones to another server (docs/deploying.md).
    return503OnClosing: false,
    // A URL Fastify cannot decode is answered before any hook: headers set here, no echo.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply
        .code(400)
        .headers({ ...headers, 'cache-control': 'no-store' })
        .send({ error: 'bad_request', message: 'The request URL is not valid.' });
    },
  });
  const shared = redisUrl ? await redisState(redisUrl, app.log) : memoryState();
  app.decorate('sharedState', shared);
  // Root level: after every plugin's own onClose (the gateway, sign-in), Redis goes last.
  app.addHook('onClose', () => shared.close());
  // Node stops enforcing both limits once the server begins to stop: held here until it stops.
  const closingLimits = holdLimitsWhileClosing(app.server, { ...limits, checkEveryMs }, (socket) =>
    answerClientError(requestTimedOut(), socket),
  );
  let closing = false;
  // Long-lived answers end here (preClose); each feature that keeps one adds its own hook.
  app.addHook('preClose', async () => {
    closing = true;
    closingLimits.startChecking();
  });
  app.addHook('onRequest', async (request, reply) => {
    // On the raw answer, as helmet does: a route (remote files, the gateway) may change one.
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    if (closing) reply.raw.setHeader('connection', 'close');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
  });
  // Fastify's own answers name the request ('Route GET:/… not found'); ours never repeat it.
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'not_found', message: 'Nothing is served at this address.' }),
  );
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ error: 'bad_request', message: 'The request is not valid.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'failed', message: 'The server failed to answer.' });
  });
  // Compresses what is made per request (config, gateway answers, the page); static files
  // arrive compressed from the build and pass through untouched.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], brotliOptions: FAST_BROTLI });

  const sendConfig = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').send(runtime);
  app.get('/config.json', sendConfig);
  if (marketGateway) {
    await app.register(marketGatewayPlugin, {
      prefix: GATEWAY_PATH,
      gateway: new MarketGateway(marketGateway, { log: app.log, parts: shared.gatewayParts }),
      corsOrigins: marketGateway.corsOrigins,
    });
  }
  // The header's Sign-In with Ethereum API deploys with the composed server.
  // Without Redis, sessions are kept beside the wallets' watchlists when DATA_DIR is.
  const sessionStore =
    shared.sessionStore ??
    (fileStorage && dataDir !== null
      ? await FileSessionStore.open(dataDir, (message) => app.log.warn(message))
      : new MemorySessionStore());
  const walletStorage = shared.redis
    ? new RedisStorage({ client: shared.redis.client, subscriber: shared.redis.subscriber() })
    : (fileStorage ?? new NoStorage());
  const sessions = new SignedInSessions({ store: sessionStore, secret: authSecret });
  await app.register(authPlugin, {
    prefix: '/api/auth',
    secret: authSecret,
    noncesPerVisitorPerMinute: limits.noncesPerClientPerMinute,
    signInsPerVisitorPerHour: limits.signInsPerClientPerHour,
    localChain: runtime.localChainRpcUrl !== null,
    publicOrigin,
    store: sessionStore,
    visitorLimit: shared.visitorLimit,
    onSessionEnded: (sessionId) => sessions.ended(sessionId),
  });
  // The signed-in wallet's watchlist (docs/architecture.md#the-wallets-watchlist-on-the-server).
  await app.register(walletWatchlistPlugin, {
    prefix: '/api/watchlist',
    watchlists: new WalletWatchlists(walletStorage, {
      onSweepError: (error) => app.log.warn(`Saved watchlists' retention: ${error.message}`),
    }),
    sessions,
    publicOrigin,
    redis: shared.redis?.client ?? null,
    heartbeatMs: streamHeartbeatMs,
  });

  for (const name of REMOTE_NAMES) {
    // The remote's standalone page reads its market settings beside itself.
    app.get(`/remotes/${name}/config.json`, sendConfig);
    await app.register(fastifyStatic, {
      root: dists[name],
      prefix: `/remotes/${name}/`,
      ...staticOptions,
      ...servedFiles(limits.serveBuildRecords),
      setHeaders: setRemoteHeaders,
    });
  }
  // The embedding example: a plain page that is not ours (docs/embedding.md).
  await app.register(fastifyStatic, {
    root: path.join(repoRoot, 'examples'),
    prefix: '/examples/',
    ...staticOptions,
  });
  // `/`: the host's page with the runtime config and the first paint's preload hints.
  const page = new ComposedPage(runtime, dists);
  const sendPage = async (_request: FastifyRequest, reply: FastifyReply) => {
    const html = await page.render();
    if (html === null) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  await app.register(async (pageRoutes) => {
    await pageRoutes.register(fastifyEtag); // the page changes only with a build or the config
    pageRoutes.get('/', sendPage);
    pageRoutes.get('/index.html', sendPage);
  });
  await app.register(fastifyStatic, {
    root: dists.host,
    prefix: '/',
    ...staticOptions,
    ...servedFiles(limits.serveBuildRecords),
    index: false,
  });
  return app;
}

/** Builds that are missing: their slots will show the fallback card. */
export function missingDists(dists: DistFolders = defaultDistFolders()): string[] {
  return Object.entries(dists)
    .filter(([, folder]) => !existsSync(path.join(folder, 'index.html')))
    .map(([name]) => name);
}
