// The server's environment variables (docs/configuration.md, the operators' contract), read by
// one schema: each variable's check, default and message, then the rules between variables.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import * as v from 'valibot';
import { MARKET_BASE_URLS, type RuntimeConfig } from '@token-portfolio/shared/config';
import { REMOTE_NAMES, type RemoteName } from '@token-portfolio/shared/remotes';
import { WIDGET_OPTIONS } from '@token-portfolio/shared/widget-options';
import { GATEWAY_PATH, planLimits, type MarketGatewaySettings } from './marketGateway/settings';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** REMOTE_HEADER_URL, REMOTE_SUMMARY_URL, REMOTE_WATCHLIST_URL, REMOTE_ADD_TOKEN_URL. */
export const remoteUrlVariable = (name: RemoteName) =>
  `REMOTE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_URL`;

/** A variable that `parse` reads: undefined refuses it, repeating the text (never a secret's). */
const variable = <T>(expected: string, parse: (text: string) => T | undefined) =>
  v.pipe(
    v.string(),
    v.rawTransform(({ dataset: { value: text }, addIssue, NEVER }) => {
      const value = parse(text);
      if (value === undefined) addIssue({ message: `must be ${expected}, not '${text}'.` });
      return value ?? NEVER;
    }),
  );
/** A secret, or a URL that may hold a password: its message never repeats it. */
const secret = (regex: RegExp, message: string) =>
  v.optional(v.pipe(v.string(), v.regex(regex, message)));
const matching = (regex: RegExp) => (text: string) => (regex.test(text) ? text : undefined);
const whole = (min: number, max: number) =>
  variable(`a whole number from ${min} to ${max}`, (t) =>
    /^\d+$/.test(t) && +t >= min && +t <= max ? +t : undefined,
  );
const oneOf = <T extends string>(...options: T[]) =>
  variable(options.map((o) => `'${o}'`).join(' or '), (t) => options.find((o) => o === t));
/** An http(s) URL; `bare`: one that is nothing but an origin (no path, query or user). */
const httpUrl = (text: string, bare = false) => {
  const url = URL.canParse(text) ? new URL(text) : null;
  const more = url?.pathname !== '/' || url.search || url.hash || url.username || url.password;
  return /^https?:$/.test(url?.protocol ?? '') && !(bare && more) ? url : undefined;
};
const url = variable('an http(s) URL', (t) => httpUrl(t) && t);
const origin = (expected: string) => variable(expected, (t) => httpUrl(t, true)?.origin);
/** Never "trust every hop": the left-most X-Forwarded-For entries are the visitor's say. */
function trustProxy(text: string) {
  if (text === 'true' || text === 'false') return text === 'true' && { hops: 1 };
  if (/^\d+$/.test(text) && +text >= 1 && +text <= 10) return { hops: +text };
  const addresses = text.split(',').map((item) => item.trim());
  const valid = addresses.every((item) => {
    const [ip = '', bits = '0', ...rest] = item.split('/');
    const maxBits = isIP(ip) === 4 ? 32 : 128;
    return isIP(ip) !== 0 && /^\d+$/.test(bits) && +bits <= maxBits && rest.length === 0;
  });
  return valid ? { addresses } : undefined;
}
/** Which X-Forwarded-* hops are our own proxies' (Fastify's trustProxy, as a hop count or list). */
export type TrustProxy = NonNullable<ReturnType<typeof trustProxy>>;
const redisUrl = secret(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL.');
const manifestUrl = variable("an http(s) URL or a path starting with '/'", (t) =>
  t.startsWith('/') || httpUrl(t) ? t : undefined,
);
const { schema, expected } = WIDGET_OPTIONS.searchDelayMs; // a number, as its widget reads it
const searchDelayMs = variable(expected, (t) => (v.is(schema, +t) ? +t : undefined));

/** Every variable the server reads; a problem's message follows the variable's name. */
const EnvSchema = v.pipe(
  v.object({
    PORT: v.optional(whole(0, 65535), '3000'),
    HOST: v.optional(variable('a host name or IP address', matching(/^[\w.:-]+$/)), '127.0.0.1'),
    MARKET_API_PLAN: v.optional(oneOf('demo', 'pro'), 'demo'),
    MARKET_API_KEY: secret(/^[\w-]+$/, 'may hold only letters, digits, - and _.'),
    MARKET_API_URL: v.optional(url),
    MARKET_MODE: v.optional(oneOf('gateway', 'direct'), 'gateway'),
    MARKET_GATEWAY_FRESH_SECONDS: v.optional(whole(1, 3600), '60'),
    MARKET_GATEWAY_CALLS_PER_MINUTE: v.optional(whole(1, 10_000)), // default: the plan's
    MARKET_GATEWAY_MONTHLY_CALLS: v.optional(whole(1, 100_000_000)),
    MARKET_GATEWAY_PRICES_RESERVED_PERCENT: v.optional(whole(0, 90), '50'),
    MARKET_GATEWAY_SEARCHES_PER_CLIENT: v.optional(whole(1, 1000), '10'),
    MARKET_GATEWAY_PAGES_PER_CLIENT: v.optional(whole(1, 1000), '6'),
    MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: v.optional(whole(4, 1000), '8'),
    MARKET_GATEWAY_CLIENT_SHARE_PERCENT: v.optional(whole(1, 100), '10'),
    MARKET_GATEWAY_CACHE_MB: v.optional(whole(8, 4096), '64'),
    MARKET_GATEWAY_CORS_ORIGINS: v.optional(
      v.pipe(
        v.string(),
        // '*' (any origin) passes as the empty list, which no split gives.
        v.transform((text) => (text === '*' ? [] : text.split(',').map((item) => item.trim()))),
        v.array(origin("'*' or http(s) origins separated by commas")),
        v.transform((origins) => (origins.length === 0 ? ('*' as const) : origins)),
      ),
    ),
    WALLETCONNECT_PROJECT_ID: secret(
      /^[0-9a-f]{32}$/i,
      'must be the 32-character hex id from cloud.reown.com.',
    ),
    LOCAL_CHAIN_RPC_URL: v.optional(url),
    AUTH_SECRET: secret(
      /^.{32,}$/,
      'must be at least 32 characters (e.g. `openssl rand -hex 32`).',
    ),
    PUBLIC_ORIGIN: v.optional(origin('an http(s) origin such as https://portfolio.example')),
    TRUST_PROXY: v.optional(
      variable("'true', 'false', a hop count (1 to 10) or our proxies' addresses", trustProxy),
      'false',
    ),
    HEADERS_TIMEOUT_SECONDS: v.optional(whole(1, 600), '10'),
    REQUEST_TIMEOUT_SECONDS: v.optional(whole(1, 3600), '30'),
    AUTH_NONCES_PER_CLIENT: v.optional(whole(1, 100_000), '10'),
    AUTH_SIGN_INS_PER_CLIENT: v.optional(whole(1, 100_000), '30'),
    SERVE_BUILD_RECORDS: v.optional(oneOf('true', 'false'), 'false'),
    DATA_DIR: v.optional(variable('a folder path', matching(/^[^\0]+$/)), 'data'),
    REDIS_URL: redisUrl,
    SESSION_STORE_URL: redisUrl, // REDIS_URL's former name
    ADD_TOKEN_SEARCH_DELAY_MS: v.optional(searchDelayMs), // default: the widget's
    ...Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        remoteUrlVariable(name),
        v.optional(manifestUrl, `/remotes/${name}/mf-manifest.json`),
      ]),
    ),
  }),
  v.partialCheck(
    [['MARKET_API_PLAN'], ['MARKET_API_KEY']],
    (env) => env.MARKET_API_PLAN !== 'pro' || env.MARKET_API_KEY !== undefined,
    'MARKET_API_PLAN=pro needs MARKET_API_KEY (your CoinGecko pro key).',
  ),
  v.partialCheck(
    [['MARKET_MODE'], ['MARKET_API_PLAN']],
    (env) => env.MARKET_MODE !== 'direct' || env.MARKET_API_PLAN !== 'pro',
    'MARKET_MODE=direct would send your pro MARKET_API_KEY to every visitor: use the gateway.',
  ),
  v.partialCheck(
    [['REDIS_URL'], ['SESSION_STORE_URL']],
    (env) => !env.REDIS_URL || !env.SESSION_STORE_URL || env.REDIS_URL === env.SESSION_STORE_URL,
    'SESSION_STORE_URL is the former name of REDIS_URL: set REDIS_URL only.',
  ),
  v.partialCheck(
    [['REDIS_URL'], ['SESSION_STORE_URL'], ['AUTH_SECRET']],
    (env) => !(env.REDIS_URL ?? env.SESSION_STORE_URL) || env.AUTH_SECRET !== undefined,
    'REDIS_URL needs AUTH_SECRET: servers that share a Redis must seal sign-in sessions with the same secret (32+ characters, e.g. `openssl rand -hex 32`).',
  ),
  v.partialCheck(
    [['HEADERS_TIMEOUT_SECONDS'], ['REQUEST_TIMEOUT_SECONDS']],
    (env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS,
    'HEADERS_TIMEOUT_SECONDS may not be longer than REQUEST_TIMEOUT_SECONDS.',
  ),
);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** Reads and checks the environment; every problem is reported at once (ConfigError). */
export function readServerConfig(env: Record<string, string | undefined>) {
  // Only the schema's variables are read; a blank one counts as unset.
  const names = Object.keys(EnvSchema.pipe[0].entries);
  const given = names.map((name) => [name, env[name]?.trim() || undefined]);
  const result = v.safeParse(EnvSchema, Object.fromEntries(given));
  if (!result.success) {
    const named = ({ path, message }: v.BaseIssue<unknown>) => {
      const name = path?.[0]?.key;
      return typeof name === 'string' ? `${name} ${message}` : message;
    };
    throw new ConfigError(result.issues.map(named));
  }
  const e = result.output;
  const remoteUrls: Record<string, unknown> = e; // REMOTE_<NAME>_URL, each checked above
  const { MARKET_API_PLAN: plan, MARKET_API_URL, HOST: host, PUBLIC_ORIGIN } = e;
  const apiKey = e.MARKET_API_KEY ?? null;
  const upstream = { baseUrl: MARKET_API_URL ?? MARKET_BASE_URLS[plan], apiKey, plan };
  const keyless = plan === 'demo' && apiKey === null && MARKET_API_URL === undefined;
  const planDefaults = planLimits(plan, keyless);
  const gateway: MarketGatewaySettings = {
    upstream,
    freshMs: 1000 * e.MARKET_GATEWAY_FRESH_SECONDS,
    callsPerMinute: e.MARKET_GATEWAY_CALLS_PER_MINUTE ?? planDefaults.callsPerMinute,
    monthlyCalls: e.MARKET_GATEWAY_MONTHLY_CALLS ?? planDefaults.monthlyCalls,
    pricesReservedShare: e.MARKET_GATEWAY_PRICES_RESERVED_PERCENT / 100,
    searchesPerClientPerMinute: e.MARKET_GATEWAY_SEARCHES_PER_CLIENT,
    pagesPerClientPerMinute: e.MARKET_GATEWAY_PAGES_PER_CLIENT,
    priceCallsPerClientPerMinute: e.MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT,
    clientShare: e.MARKET_GATEWAY_CLIENT_SHARE_PERCENT / 100,
    cacheBytes: 2 ** 20 * e.MARKET_GATEWAY_CACHE_MB,
    corsOrigins: e.MARKET_GATEWAY_CORS_ORIGINS ?? [],
  };
  const direct = e.MARKET_MODE === 'direct';
  const redisUrl = e.REDIS_URL ?? e.SESSION_STORE_URL ?? null;
  // Recommendations for the startup log, not errors.
  const notices = [
    keyless &&
      'No MARKET_API_KEY: using CoinGecko keyless public access (low rate limits). A free demo key is recommended: create one at coingecko.com/en/api and set MARKET_API_KEY.',
    direct &&
      apiKey &&
      'MARKET_MODE=direct: MARKET_API_KEY is sent to every visitor in /config.json (use a demo key).',
    !e.WALLETCONNECT_PROJECT_ID &&
      'No WALLETCONNECT_PROJECT_ID: the wallet button offers browser (injected) wallets only. Set it to offer WalletConnect-based wallets.',
    !e.AUTH_SECRET &&
      'No AUTH_SECRET: wallet sign-in sessions use a secret generated for this run and end when the server restarts. Set AUTH_SECRET (32+ characters) in production.',
    !PUBLIC_ORIGIN &&
      !LOOPBACK_HOSTS.has(host) &&
      `No PUBLIC_ORIGIN: wallet sign-in accepts only messages for this server's own address (http://${host}:PORT). Set PUBLIC_ORIGIN to the origin visitors use (e.g. behind a proxy).`,
    !PUBLIC_ORIGIN &&
      redisUrl &&
      'REDIS_URL without PUBLIC_ORIGIN: servers that share a Redis should all name the origin visitors use (PUBLIC_ORIGIN), or wallet sign-in works only for the server a visitor reaches directly.',
  ].filter((notice) => typeof notice === 'string');
  const runtime: RuntimeConfig = {
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, remoteUrls[remoteUrlVariable(name)]]),
    ) as Record<RemoteName, string>,
    // The gateway holds the key: the browser gets only its same-origin path.
    market: direct ? upstream : { baseUrl: GATEWAY_PATH, apiKey: null, plan: 'demo' },
    // The page's options for its widgets (each widget's default where unset).
    ...(e.ADD_TOKEN_SEARCH_DELAY_MS !== undefined && {
      widgetOptions: { addToken: { searchDelayMs: e.ADD_TOKEN_SEARCH_DELAY_MS } },
    }),
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID ?? null,
    localChainRpcUrl: e.LOCAL_CHAIN_RPC_URL ?? null,
  };
  return {
    port: e.PORT,
    host,
    runtime,
    marketGateway: direct ? null : gateway,
    /** Seals the sign-in session cookie. */
    authSecret: e.AUTH_SECRET ?? randomBytes(32).toString('hex'),
    /** The origin visitors use, the only one wallet sign-in messages may name. */
    publicOrigin: PUBLIC_ORIGIN ?? null,
    trustProxy: e.TRUST_PROXY,
    limits: {
      headersTimeoutMs: 1000 * e.HEADERS_TIMEOUT_SECONDS,
      requestTimeoutMs: 1000 * e.REQUEST_TIMEOUT_SECONDS,
      noncesPerClientPerMinute: e.AUTH_NONCES_PER_CLIENT,
      signInsPerClientPerHour: e.AUTH_SIGN_INS_PER_CLIENT,
      serveBuildRecords: e.SERVE_BUILD_RECORDS === 'true',
    },
    /** Where wallets' watchlists are kept without Redis (absolute; default ./data). */
    dataDir: path.resolve(e.DATA_DIR),
    /** The Redis every server shares (sessions, limits, budget, market data); null: memory. */
    redisUrl,
    notices,
  };
}

export type ServerConfig = ReturnType<typeof readServerConfig>;
export type ServerLimits = ServerConfig['limits'];

/** The limits when no variable sets them. */
export const DEFAULT_LIMITS = readServerConfig({}).limits;
