import { randomBytes } from 'node:crypto';
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
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY), e.g. for https behind TLS. */
  trustProxy: boolean;
  /** Redis for sign-in sessions shared by several servers (SESSION_STORE_URL); null: in memory. */
  sessionStoreUrl: string | null;
  /** One-line notices for the startup log (recommendations, not errors). */
  notices: string[];
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
    cacheBytes: 2 ** 20 * number('MARKET_GATEWAY_CACHE_MB', 64, 8, 4096),
    corsOrigins: corsOrigins(read, problems),
  };
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

  const trustProxyText = value('TRUST_PROXY') ?? 'false';
  if (trustProxyText !== 'true' && trustProxyText !== 'false') {
    problems.push(`TRUST_PROXY must be 'true' or 'false', not '${trustProxyText}'.`);
  }
  const trustProxy = trustProxyText === 'true';

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
