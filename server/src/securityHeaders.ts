// The security headers of every answer of the composed server: helmet's, with our
// Content-Security-Policy built from the runtime configuration, so the page's remotes,
// market API, chains and (when configured) WalletConnect are the only places it talks to.
import { existsSync, readFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import helmet, { type HelmetOptions } from 'helmet';
import * as v from 'valibot';
import type { RuntimeConfig } from '@token-portfolio/shared/config';
import { walletChains } from '@token-portfolio/remote-header/chains';

export interface SecurityPolicyInputs {
  runtime: RuntimeConfig;
  /** The market API the coin data comes from (its image addresses point there in tests). */
  marketApiUrl: string;
  /** `'sha256-…'` sources of the host's inline boot code (host/dist/csp-hashes.json). */
  scriptHashes: readonly string[];
}

/** Where CoinGecko's answers point coin images. */
export const COIN_IMAGE_HOSTS = [
  'https://coin-images.coingecko.com',
  'https://assets.coingecko.com',
];

/**
 * What WalletConnect's SDKs talk to (docs.reown.com/advanced/security/content-security-policy),
 * and Coinbase Wallet's SDK, offered with it. Only listed when a project id is set.
 */
export const WALLETCONNECT_CONNECT_SOURCES = [
  ...['rpc', 'relay', 'pulse', 'keys', 'notify', 'echo', 'push'].flatMap((name) => [
    `https://${name}.walletconnect.com`,
    `https://${name}.walletconnect.org`,
  ]),
  'wss://relay.walletconnect.com',
  'wss://relay.walletconnect.org',
  'https://api.web3modal.com',
  'https://api.web3modal.org',
  'https://www.walletlink.org',
  'wss://www.walletlink.org',
  'https://rpc.wallet.coinbase.com',
  'https://cca-lite.coinbase.com',
];
/** WalletConnect's verify page, loaded in a hidden frame. */
export const WALLETCONNECT_FRAME_SOURCES = [
  'https://verify.walletconnect.com',
  'https://verify.walletconnect.org',
  'https://secure.walletconnect.com',
  'https://secure.walletconnect.org',
];

/** The origin of an absolute http(s) URL; null for a path (the page's own origin). */
function absoluteOrigin(url: string): string | null {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}

const origins = (urls: Iterable<string>) => [
  ...new Set([...urls].map(absoluteOrigin).filter((origin) => origin !== null)),
];

export function contentSecurityPolicy({
  runtime,
  marketApiUrl,
  scriptHashes,
}: SecurityPolicyInputs): Record<string, string[]> {
  const remoteOrigins = origins(Object.values(runtime.remotes));
  const rpcOrigins = origins(
    walletChains(runtime.localChainRpcUrl).flatMap((chain) => chain.rpcUrls.default.http),
  );
  const walletConnect = runtime.walletConnectProjectId !== null;
  return {
    'default-src': ["'self'"],
    // No 'unsafe-inline' or 'unsafe-eval': boot code is a file, or inline with its hash.
    'script-src': ["'self'", ...remoteOrigins, ...scriptHashes],
    // emotion and RainbowKit inject <style> tags without nonces (a nonce would switch
    // 'unsafe-inline' off and unstyle the wallet dialogs); the remotes' CSS files.
    'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
    // data: for the favicon, the sample coins' saved logos and the wallet icons.
    'img-src': ["'self'", 'data:', ...COIN_IMAGE_HOSTS, ...origins([marketApiUrl])],
    'font-src': ["'self'", 'data:', ...remoteOrigins],
    // The market URL is the page's own /api/market behind the gateway (then 'self').
    'connect-src': [
      "'self'",
      ...origins([runtime.market.baseUrl]),
      ...remoteOrigins,
      ...rpcOrigins,
      ...(walletConnect ? WALLETCONNECT_CONNECT_SOURCES : []),
    ],
    'frame-src': walletConnect ? WALLETCONNECT_FRAME_SOURCES : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * Features the page never uses, denied to it and to anything it might embed. Only features
 * Chromium knows: an unknown one (e.g. 'bluetooth') prints a console error on every load.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** HSTS for a page served over https (behind a TLS proxy with TRUST_PROXY); never on http. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export function helmetOptions(inputs: SecurityPolicyInputs): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(inputs) },
    // Wallet SDKs (Coinbase, WalletConnect) open popups that must be able to answer.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // /remotes/* and /api/market/* say cross-origin themselves (embedded widgets).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set per request, only when the request came over https (see server.ts).
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets with our options (and the Permissions-Policy), as one record:
 * computed once and written on every answer, including those Fastify or Node write before
 * any hook runs (a malformed URL, a connection-level 400 or 431).
 */
export function securityHeaders(inputs: SecurityPolicyInputs): Record<string, string> {
  // helmet is middleware: it sets its headers on a response, here one never sent.
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(helmetOptions(inputs))(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  const headers: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = String(value);
  return headers;
}

const hashesFileSchema = v.object({
  'script-src': v.array(v.pipe(v.string(), v.regex(/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/))),
});

/**
 * The hashes of the host's inline boot code, written by its build beside index.html;
 * none when the build has no inline script (no file).
 */
export function readScriptHashes(hostDist: string): string[] {
  const file = path.join(hostDist, 'csp-hashes.json');
  if (!existsSync(file)) return [];
  const parsed = v.safeParse(hashesFileSchema, JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} must be {"script-src": ["'sha256-…'", …]}; rebuild the host.`);
  }
  return parsed.output['script-src'];
}
