import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  MARKET_BASE_URLS,
  type MarketSettings,
  type RuntimeConfig,
} from '@token-portfolio/shared/config';
import { REMOTE_NAMES, type RemoteName } from '@token-portfolio/shared/remotes';
import { GATEWAY_PATH, planLimits, type MarketGatewaySettings } from './marketGateway/settings';

/** Everything the composed server reads from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  runtime: RuntimeConfig;
  /** The market gateway at /api/market (MARKET_MODE=gateway, the default); null in direct mode. */
  marketGateway: MarketGatewaySettings | null;
  /** Seals the sign-in session cookie (AUTH_SECRET, or generated for this run). */
  authSecret: string;
  /** The origin visitors use (PUBLIC_ORIGIN), the only one wallet sign-in messages may name. */
  publicOrigin: string | null;
  /**
   * Our reverse proxies in front (TRUST_PROXY): false (none), a hop count (`true` is 1: the
   * last X-Forwarded-For entry is the visitor) or the proxies' addresses and ranges.
   */
  trustProxy: TrustProxy;
  /** Connection, sign-in and build-record limits (see ServerLimits). */
  limits: ServerLimits;
  /** Redis for sign-in sessions shared by several servers (SESSION_STORE_URL); null: in memory. */
  sessionStoreUrl: string | null;
  /** One-line notices for the startup log (recommendations, not errors). */
  notices: string[];
}

/** Which X-Forwarded-* hops are our own proxies' (Fastify's trustProxy, as a hop count or list). */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

export interface ServerLimits {
  /** A connection whose request headers take longer ends (HEADERS_TIMEOUT_SECONDS). */
  headersTimeoutMs: number;
  /** A connection whose whole request (headers and body) takes longer ends (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutMs: number;
  /** GET /api/auth/nonce per visitor per minute (AUTH_NONCES_PER_CLIENT). */
  noncesPerClientPerMinute: number;
  /** POST /api/auth/verify per visitor per hour (AUTH_SIGN_INS_PER_CLIENT). */
  signInsPerClientPerHour: number;
  /** Serve source maps and build records (SERVE_BUILD_RECORDS=true); refused by default. */
  serveBuildRecords: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** REMOTE_HEADER_URL, REMOTE_SUMMARY_URL, REMOTE_WATCHLIST_URL, REMOTE_ADD_TOKEN_URL. */
export const remoteUrlVariable = (name: RemoteName) =>
  `REMOTE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_URL`;

export const defaultManifestUrl = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;

type Env = Record<string, string | undefined>;

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The origin of an http(s) URL that is nothing but an origin (no path, query or user). */
function httpOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

type Read = (key: string) => string | undefined;

interface WholeNumberRule {
  key: string;
  fallback: number;
  min: number;
  max: number;
}

function wholeNumber(read: Read, problems: string[], { key, fallback, min, max }: WholeNumberRule) {
  const text = read(key);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    problems.push(`${key} must be a whole number from ${min} to ${max}, not '${text}'.`);
    return fallback;
  }
  return Number(text);
}

function corsOrigins(read: Read, problems: string[]): '*' | string[] {
  const text = read('MARKET_GATEWAY_CORS_ORIGINS');
  if (text === undefined) return [];
  if (text === '*') return '*';
  return text.split(',').flatMap((item) => {
    const origin = httpOrigin(item.trim());
    if (origin !== null) return [origin];
    problems.push(
      `MARKET_GATEWAY_CORS_ORIGINS must be '*' or http(s) origins separated by commas, not '${item.trim()}'.`,
    );
    return [];
  });
}

/** The gateway's limits (MARKET_GATEWAY_*), with defaults from the plan. */
function readGatewaySettings(
  read: Read,
  upstream: MarketSettings,
  keyless: boolean,
  problems: string[],
): MarketGatewaySettings {
  const plan = planLimits(upstream.plan, keyless);
  const number = (key: string, fallback: number, min: number, max: number) =>
    wholeNumber(read, problems, { key, fallback, min, max });
  return {
    upstream,
    freshMs: 1000 * number('MARKET_GATEWAY_FRESH_SECONDS', 60, 1, 3600),
    callsPerMinute: number('MARKET_GATEWAY_CALLS_PER_MINUTE', plan.callsPerMinute, 1, 10_000),
    monthlyCalls: number('MARKET_GATEWAY_MONTHLY_CALLS', plan.monthlyCalls, 1, 100_000_000),
    pricesReservedShare: number('MARKET_GATEWAY_PRICES_RESERVED_PERCENT', 50, 0, 90) / 100,
    searchesPerClientPerMinute: number('MARKET_GATEWAY_SEARCHES_PER_CLIENT', 10, 1, 1000),
    pagesPerClientPerMinute: number('MARKET_GATEWAY_PAGES_PER_CLIENT', 6, 1, 1000),
    priceCallsPerClientPerMinute: number('MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT', 8, 4, 1000),
    clientShare: number('MARKET_GATEWAY_CLIENT_SHARE_PERCENT', 10, 1, 100) / 100,
    cacheBytes: 2 ** 20 * number('MARKET_GATEWAY_CACHE_MB', 64, 8, 4096),
    corsOrigins: corsOrigins(read, problems),
  };
}

/** HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS, AUTH_*_PER_CLIENT, SERVE_BUILD_RECORDS. */
function readLimits(read: Read, problems: string[]): ServerLimits {
  const number = (key: string, fallback: number, min: number, max: number) =>
    wholeNumber(read, problems, { key, fallback, min, max });
  const serveBuildRecordsText = read('SERVE_BUILD_RECORDS') ?? 'false';
  if (serveBuildRecordsText !== 'true' && serveBuildRecordsText !== 'false') {
    problems.push(`SERVE_BUILD_RECORDS must be 'true' or 'false', not '${serveBuildRecordsText}'.`);
  }
  const limits: ServerLimits = {
    headersTimeoutMs: 1000 * number('HEADERS_TIMEOUT_SECONDS', 10, 1, 600),
    requestTimeoutMs: 1000 * number('REQUEST_TIMEOUT_SECONDS', 30, 1, 3600),
    noncesPerClientPerMinute: number('AUTH_NONCES_PER_CLIENT', 10, 1, 100_000),
    signInsPerClientPerHour: number('AUTH_SIGN_INS_PER_CLIENT', 30, 1, 100_000),
    serveBuildRecords: serveBuildRecordsText === 'true',
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    problems.push('HEADERS_TIMEOUT_SECONDS may not be longer than REQUEST_TIMEOUT_SECONDS.');
  }
  return limits;
}

/** The limits when no variable sets them. */
export const DEFAULT_LIMITS: ServerLimits = readLimits(() => undefined, []);

/**
 * TRUST_PROXY: 'false', 'true' (one proxy of ours in front), a hop count, or the addresses
 * (and CIDR ranges) of our proxies, comma-separated. Never "trust every hop": the left-most
 * X-Forwarded-For entries are whatever the visitor sent.
 */
function readTrustProxy(text: string, problems: string[]): TrustProxy {
  if (text === 'false') return false;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 10) {
    return { hops: Number(text) };
  }
  const addresses = text.split(',').map((item) => item.trim());
  const isAddress = (item: string) => {
    const [ip = '', bits, ...rest] = item.split('/');
    const maxBits = isIP(ip) === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    return isIP(ip) !== 0 && okBits && rest.length === 0;
  };
  if (addresses.every(isAddress)) return { addresses };
  problems.push(
    `TRUST_PROXY must be 'true', 'false', a hop count (1 to 10) or our proxies' addresses, not '${text}'.`,
  );
  return false;
}

/** Reads and checks the configuration; every problem is reported at once. */
export function readServerConfig(env: Env): ServerConfig {
  const problems: string[] = [];
  const notices: string[] = [];
  const value = (key: string) => {
    const text = env[key]?.trim();
    return text ? text : undefined;
  };

  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535, not '${portText}'.`);
  }

  const host = value('HOST') ?? '127.0.0.1';
  if (!/^[\w.:-]+$/.test(host))
    problems.push(`HOST must be a host name or IP address, not '${host}'.`);

  const planText = value('MARKET_API_PLAN') ?? 'demo';
  if (planText !== 'demo' && planText !== 'pro') {
    problems.push(`MARKET_API_PLAN must be 'demo' or 'pro', not '${planText}'.`);
  }
  const plan = planText === 'pro' ? 'pro' : 'demo';

  const apiKey = value('MARKET_API_KEY') ?? null;
  if (apiKey !== null && !/^[\w-]+$/.test(apiKey)) {
    problems.push('MARKET_API_KEY may hold only letters, digits, - and _.');
  }
  const baseUrl = value('MARKET_API_URL') ?? MARKET_BASE_URLS[plan];
  if (!isHttpUrl(baseUrl))
    problems.push(`MARKET_API_URL must be an http(s) URL, not '${baseUrl}'.`);
  if (plan === 'pro' && apiKey === null) {
    problems.push('MARKET_API_PLAN=pro needs MARKET_API_KEY (your CoinGecko pro key).');
  }
  const keyless = plan === 'demo' && apiKey === null && value('MARKET_API_URL') === undefined;
  if (keyless) {
    notices.push(
      'No MARKET_API_KEY: using CoinGecko keyless public access (low rate limits). ' +
        'A free demo key is recommended: create one at coingecko.com/en/api and set MARKET_API_KEY.',
    );
  }
  const modeText = value('MARKET_MODE') ?? 'gateway';
  if (modeText !== 'gateway' && modeText !== 'direct') {
    problems.push(`MARKET_MODE must be 'gateway' or 'direct', not '${modeText}'.`);
  }
  const upstream: MarketSettings = { baseUrl, apiKey, plan };
  const marketGateway =
    modeText === 'direct' ? null : readGatewaySettings(value, upstream, keyless, problems);
  if (marketGateway === null && plan === 'pro') {
    problems.push(
      'MARKET_MODE=direct would send your pro MARKET_API_KEY to every visitor: use the gateway.',
    );
  } else if (marketGateway === null && apiKey !== null) {
    notices.push(
      'MARKET_MODE=direct: MARKET_API_KEY is sent to every visitor in /config.json (use a demo key).',
    );
  }

  const walletConnectProjectId = value('WALLETCONNECT_PROJECT_ID') ?? null;
  if (walletConnectProjectId !== null && !/^[0-9a-f]{32}$/i.test(walletConnectProjectId)) {
    problems.push('WALLETCONNECT_PROJECT_ID must be the 32-character hex id from cloud.reown.com.');
  }
  if (walletConnectProjectId === null) {
    notices.push(
      'No WALLETCONNECT_PROJECT_ID: the wallet button offers browser (injected) wallets only. ' +
        'Set it to offer WalletConnect-based wallets.',
    );
  }

  const localChainRpcUrl = value('LOCAL_CHAIN_RPC_URL') ?? null;
  if (localChainRpcUrl !== null && !isHttpUrl(localChainRpcUrl)) {
    problems.push(`LOCAL_CHAIN_RPC_URL must be an http(s) URL, not '${localChainRpcUrl}'.`);
  }

  let authSecret = value('AUTH_SECRET');
  if (authSecret !== undefined && authSecret.length < 32) {
    problems.push('AUTH_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`).');
  }
  if (authSecret === undefined) {
    authSecret = randomBytes(32).toString('hex');
    notices.push(
      'No AUTH_SECRET: wallet sign-in sessions use a secret generated for this run and end ' +
        'when the server restarts. Set AUTH_SECRET (32+ characters) in production.',
    );
  }

  const publicOriginText = value('PUBLIC_ORIGIN');
  let publicOrigin: string | null = null;
  if (publicOriginText !== undefined) {
    publicOrigin = httpOrigin(publicOriginText);
    if (publicOrigin === null) {
      problems.push(
        `PUBLIC_ORIGIN must be an http(s) origin such as https://portfolio.example, not '${publicOriginText}'.`,
      );
    }
  } else if (!LOOPBACK_HOSTS.has(host)) {
    notices.push(
      `No PUBLIC_ORIGIN: wallet sign-in accepts only messages for this server's own address ` +
        `(http://${host}:PORT). Set PUBLIC_ORIGIN to the origin visitors use (e.g. behind a proxy).`,
    );
  }

  const trustProxy = readTrustProxy(value('TRUST_PROXY') ?? 'false', problems);
  const limits = readLimits(value, problems);

  const sessionStoreUrl = value('SESSION_STORE_URL') ?? null;
  if (sessionStoreUrl !== null && !/^rediss?:\/\/[^\s]+$/.test(sessionStoreUrl)) {
    problems.push('SESSION_STORE_URL must be a redis:// or rediss:// URL.');
  }

  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const key = remoteUrlVariable(name);
    const url = value(key) ?? defaultManifestUrl(name);
    if (!url.startsWith('/') && !isHttpUrl(url)) {
      problems.push(`${key} must be an http(s) URL or a path starting with '/', not '${url}'.`);
    }
    remotes[name] = url;
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    notices,
    authSecret,
    publicOrigin,
    trustProxy,
    limits,
    sessionStoreUrl,
    marketGateway,
    runtime: {
      remotes,
      // The gateway holds the key: the browser gets only its same-origin path.
      market: marketGateway ? { baseUrl: GATEWAY_PATH, apiKey: null, plan: 'demo' } : upstream,
      walletConnectProjectId,
      localChainRpcUrl,
    },
  };
}
