import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readServerConfig } from './config';
import {
  PERMISSIONS_POLICY,
  WALLETCONNECT_CONNECT_SOURCES,
  WALLETCONNECT_FRAME_SOURCES,
  contentSecurityPolicy,
  readScriptHashes,
} from './securityHeaders';

const FIXTURES = 'http://127.0.0.1:4010/api/v3';
const PUBLIC_RPCS = [
  'https://ethereum.reth.rs',
  'https://mainnet.optimism.io',
  'https://polygon.drpc.org',
  'https://mainnet.base.org',
  'https://arb1.arbitrum.io',
];

/** The policy `npm start` sends with these variables. */
function policyFor(env: Record<string, string>, scriptHashes: string[] = []) {
  const config = readServerConfig({ MARKET_API_URL: FIXTURES, ...env });
  return contentSecurityPolicy({
    runtime: config.runtime,
    marketApiUrl: config.marketGateway?.upstream.baseUrl ?? config.runtime.market.baseUrl,
    scriptHashes,
  });
}

test('the default (gateway) policy, directive by directive', () => {
  expect(policyFor({})).toEqual({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'https://coin-images.coingecko.com',
      'https://assets.coingecko.com',
      'http://127.0.0.1:4010',
    ],
    'font-src': ["'self'", 'data:'],
    // Behind the gateway the page asks only its own /api/market: no market origin here.
    'connect-src': ["'self'", ...PUBLIC_RPCS],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  });
});

test('scripts never run inline or from eval, whatever the configuration', () => {
  const policy = policyFor({
    WALLETCONNECT_PROJECT_ID: '0123456789abcdef0123456789abcdef',
    REMOTE_HEADER_URL: 'https://header.cdn.example/mf-manifest.json',
  });
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");
  expect(policy['default-src']).toEqual(["'self'"]);
});

test("the host's inline boot code is allowed by its hash", () => {
  const hash = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
  expect(policyFor({}, [hash])['script-src']).toEqual(["'self'", hash]);
});

test('in direct mode the browser calls the market API itself: its origin may be reached', () => {
  expect(policyFor({ MARKET_MODE: 'direct' })['connect-src']).toEqual([
    "'self'",
    'http://127.0.0.1:4010',
    ...PUBLIC_RPCS,
  ]);
});

test('remotes on other origins may serve scripts, styles and fonts and be fetched', () => {
  const policy = policyFor({
    REMOTE_WATCHLIST_URL: 'https://watchlist.cdn.example/v2/mf-manifest.json',
    REMOTE_SUMMARY_URL: 'https://widgets.example:8443/summary/mf-manifest.json',
  });
  const remotes = ['https://widgets.example:8443', 'https://watchlist.cdn.example'];
  expect(policy['script-src']).toEqual(["'self'", ...remotes]);
  expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", ...remotes]);
  expect(policy['font-src']).toEqual(["'self'", 'data:', ...remotes]);
  expect(policy['connect-src']).toEqual(["'self'", ...remotes, ...PUBLIC_RPCS]);
});

test('a local chain adds its RPC origin', () => {
  expect(policyFor({ LOCAL_CHAIN_RPC_URL: 'http://127.0.0.1:8545/rpc' })['connect-src']).toEqual([
    "'self'",
    ...PUBLIC_RPCS,
    'http://127.0.0.1:8545',
  ]);
});

test('with a WalletConnect project id: its relay and RPC hosts, and its verify frame', () => {
  const policy = policyFor({ WALLETCONNECT_PROJECT_ID: '0123456789abcdef0123456789abcdef' });
  expect(policy['connect-src']).toEqual([
    "'self'",
    ...PUBLIC_RPCS,
    ...WALLETCONNECT_CONNECT_SOURCES,
  ]);
  expect(policy['connect-src']).toEqual(
    expect.arrayContaining([
      'wss://relay.walletconnect.org',
      'https://rpc.walletconnect.org',
      'https://pulse.walletconnect.org',
    ]),
  );
  expect(policy['frame-src']).toEqual(WALLETCONNECT_FRAME_SOURCES);
  expect(policy['frame-src']).toContain('https://verify.walletconnect.org');
  // Nothing of WalletConnect without a project id.
  expect(JSON.stringify(policyFor({}))).not.toMatch(/walletconnect|walletlink|coinbase/);
});

describe('the hashes file of the host build', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tp-csp-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('no file: no hashes', () => {
    expect(readScriptHashes(dir)).toEqual([]);
  });

  test('read as the build writes it', async () => {
    const hashes = ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"];
    await writeFile(path.join(dir, 'csp-hashes.json'), JSON.stringify({ 'script-src': hashes }));
    expect(readScriptHashes(dir)).toEqual(hashes);
  });

  test('anything but hash sources stops the server', async () => {
    await writeFile(
      path.join(dir, 'csp-hashes.json'),
      JSON.stringify({ 'script-src': ["'unsafe-inline'"] }),
    );
    expect(() => readScriptHashes(dir)).toThrow(/csp-hashes\.json must be/);
  });
});

test("the nginx example sends the server's policy for the same configuration", async () => {
  const conf = await readFile(
    path.join(import.meta.dirname, '../../docs/nginx/token-portfolio.conf'),
    'utf8',
  );
  const variable = (name: string) => new RegExp(`set \\$${name} "([^"]*)"`).exec(conf)?.[1] ?? '';
  const remotes = variable('token_portfolio_remotes').split(' ');
  const market = variable('token_portfolio_market');
  const bootHashes = variable('token_portfolio_boot_hashes').split(' ');
  const header = /add_header Content-Security-Policy "([^"]*)"/.exec(conf)?.[1] ?? '';
  const nginxPolicy = Object.fromEntries(
    header
      .replaceAll('$token_portfolio_remotes', remotes.join(' '))
      .replaceAll('$token_portfolio_market', market)
      .replaceAll('$token_portfolio_boot_hashes', bootHashes.join(' '))
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources.sort()]),
  );
  const config = readServerConfig({
    MARKET_MODE: 'direct',
    MARKET_API_URL: `${market}/api/v3`,
    REMOTE_HEADER_URL: `${remotes[0]}/mf-manifest.json`,
    REMOTE_SUMMARY_URL: `${remotes[1]}/mf-manifest.json`,
    REMOTE_WATCHLIST_URL: `${remotes[2]}/mf-manifest.json`,
    REMOTE_ADD_TOKEN_URL: `${remotes[3]}/mf-manifest.json`,
  });
  const serverPolicy = contentSecurityPolicy({
    runtime: config.runtime,
    marketApiUrl: config.runtime.market.baseUrl,
    scriptHashes: bootHashes,
  });
  expect(nginxPolicy).toEqual(
    Object.fromEntries(
      Object.entries(serverPolicy).map(([name, sources]) => [name, [...sources].sort()]),
    ),
  );
  expect(conf).toContain(`add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`);
});
