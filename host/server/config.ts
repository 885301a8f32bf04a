import { randomBytes } from 'node:crypto';
import { MARKET_BASE_URLS, type RuntimeConfig } from '@token-portfolio/shared/config';
import { REMOTE_NAMES, type RemoteName } from '@token-portfolio/shared/remotes';

/** Everything the composed server reads from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  runtime: RuntimeConfig;
  /** Seals the sign-in session cookie (AUTH_SECRET, or generated for this run). */
  authSecret: string;
  /** The origin visitors use (PUBLIC_ORIGIN), the only one wallet sign-in messages may name. */
  publicOrigin: string | null;
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY), e.g. for https behind TLS. */
  trustProxy: boolean;
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
  if (plan === 'demo' && apiKey === null && value('MARKET_API_URL') === undefined) {
    notices.push(
      'No MARKET_API_KEY: using CoinGecko keyless public access (low rate limits). ' +
        'A free demo key is recommended: create one at coingecko.com/en/api and set MARKET_API_KEY.',
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
    runtime: {
      remotes,
      market: { baseUrl, apiKey, plan },
      walletConnectProjectId,
      localChainRpcUrl,
    },
  };
}
