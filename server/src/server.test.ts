import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { HOST_APP, REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import { readServerConfig } from './config';
import type { DistFolders } from './distFolders';
import { createComposedServer } from './server';
import { rawGet } from './testing/rawGet';
import { rawRequest } from './testing/rawRequest';

let empty: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  empty = await mkdtemp(path.join(tmpdir(), 'tp-server-test-'));
});
afterAll(() => rm(empty, { recursive: true, force: true }));
// The test's own keep-alive connections would hold the close up: end them first.
afterEach(async () => {
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
});

/** The composed server as `npm start` makes it from these variables. */
async function start(env: Record<string, string>, dist = empty): Promise<string> {
  const config = readServerConfig({ PORT: '0', ...env });
  const dists = Object.fromEntries(
    [HOST_APP.name, ...REMOTE_NAMES].map((name) => [name, dist]),
  ) as DistFolders;
  app = await createComposedServer({
    runtime: config.runtime,
    marketGateway: config.marketGateway,
    dists,
    authSecret: config.authSecret,
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
    limits: config.limits,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Whether the sign-in cookie set for a request the TLS proxy forwarded is Secure. */
async function cookieIsSecureBehindTls(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/api/auth/nonce`, {
    headers: { 'x-forwarded-proto': 'https' },
  });
  const [cookie] = response.headers.getSetCookie();
  expect(cookie).toBeDefined();
  return /;\s*secure/i.test(cookie ?? '');
}

test('with TRUST_PROXY=true the session cookie is Secure behind a TLS proxy', async () => {
  expect(await cookieIsSecureBehindTls(await start({ TRUST_PROXY: 'true' }))).toBe(true);
});

test('by default forwarded headers are not believed', async () => {
  expect(await cookieIsSecureBehindTls(await start({}))).toBe(false);
});

describe('production serving', () => {
  const script = `console.log(${JSON.stringify('a line of the build '.repeat(200))});`;
  let dist: string;

  beforeAll(async () => {
    // A build as the Rspack config emits it: hashed chunks with their .br and .gz beside.
    dist = path.join(empty, 'dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Token Portfolio</title>');
    await writeFile(path.join(dist, '123.0a1b2c3d.js'), script);
    await writeFile(path.join(dist, '123.0a1b2c3d.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, '123.0a1b2c3d.js.gz'), gzipSync(script));
  });

  it('sends a hashed chunk compressed, cached for a year, with a validator', async () => {
    const origin = await start({}, dist);
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${origin}/remotes/watchlist/123.0a1b2c3d.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('etag')).toMatch(/^(W\/)?".+"$/);
      expect(await response.text()).toBe(script);
    }
  });

  it('sends the chunk plain to a client that takes no compression', async () => {
    const origin = await start({}, dist);
    const response = await fetch(`${origin}/123.0a1b2c3d.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(script);
  });

  it('has pages and config revalidate, and answers a matching ETag with 304', async () => {
    const origin = await start({}, dist);
    const config = await fetch(`${origin}/config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    // A remote's standalone page reads the same config beside itself.
    const besideRemote = await fetch(`${origin}/remotes/watchlist/config.json`);
    expect(besideRemote.headers.get('cache-control')).toBe('no-cache');
    expect(await besideRemote.json()).toEqual(await config.json());
    const page = await fetch(`${origin}/index.html`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag') ?? '';
    // fetch() adds 'cache-control: no-cache' to a conditional request unless told otherwise.
    const again = await fetch(`${origin}/index.html`, {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });
});

describe('security headers', () => {
  let dist: string;

  beforeAll(async () => {
    dist = path.join(empty, 'secured');
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Token Portfolio</title>');
    await writeFile(path.join(dist, 'mf-manifest.json'), '{}');
    await writeFile(
      path.join(dist, 'csp-hashes.json'),
      JSON.stringify({ 'script-src': ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"] }),
    );
  });

  const EVERY_RESPONSE = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'x-frame-options': 'DENY',
  };

  it('are on every answer: the page, config, the auth API, a remote file, a 404', async () => {
    const origin = await start({}, dist);
    for (const target of [
      '/',
      '/config.json',
      '/api/auth/session',
      '/remotes/header/mf-manifest.json',
      '/remotes/header/config.json',
      '/no-such-file.js',
    ]) {
      const response = await fetch(`${origin}${target}`);
      for (const [name, value] of Object.entries(EVERY_RESPONSE)) {
        expect([target, name, response.headers.get(name)]).toEqual([target, name, value]);
      }
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain(
        "script-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
      );
      expect(policy).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
      expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\).*microphone=\(\)/);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it("remote files may be loaded and read by other origins; the host's may not", async () => {
    const origin = await start({}, dist);
    const remote = await fetch(`${origin}/remotes/watchlist/mf-manifest.json`);
    expect(remote.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(remote.headers.get('access-control-allow-origin')).toBe('*');
    const page = await fetch(`${origin}/`);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('HSTS only when TRUST_PROXY says the page came over https', async () => {
    const behindTls = { headers: { 'x-forwarded-proto': 'https' } };
    const trusting = await start({ TRUST_PROXY: 'true' }, dist);
    expect((await fetch(`${trusting}/`, behindTls)).headers.get('strict-transport-security')).toBe(
      'max-age=31536000',
    );
    expect((await fetch(`${trusting}/`)).headers.get('strict-transport-security')).toBeNull();
    await app?.close();
    const untrusting = await start({}, dist);
    expect(
      (await fetch(`${untrusting}/`, behindTls)).headers.get('strict-transport-security'),
    ).toBeNull();
  });

  it('no path leaves the served folders', async () => {
    const origin = await start({}, dist);
    for (const target of [
      '/remotes/header/../../package.json',
      '/remotes/header/%2e%2e/%2e%2e/package.json',
      '/remotes/header/..%2f..%2fpackage.json',
      '/..%2f..%2fetc/passwd',
    ]) {
      const { status, body } = await rawGet(origin, target);
      // Refused (403 for an encoded separator, 404 otherwise), never the file.
      expect([target, status === 403 || status === 404]).toEqual([target, true]);
      expect(body).not.toMatch(/"workspaces"|root:/);
    }
  });
});

describe('answers Fastify and Node write themselves carry the security headers', () => {
  /** The headers of a raw HTTP answer, by lowercase name. */
  const headersOf = (answer: string) =>
    Object.fromEntries(
      answer
        .split('\r\n\r\n')[0]
        ?.split('\r\n')
        .slice(1)
        .map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }) ?? [],
    );

  const expectSecured = (headers: Record<string, string | undefined>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  };

  it('a URL Fastify cannot decode: 400 JSON, secured, without the path', async () => {
    const origin = await start({});
    const { answer } = await rawRequest(
      origin,
      'GET /%ff<script>alert(1)</script> HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expectSecured(headersOf(answer));
    expect(answer.split('\r\n\r\n')[1]).not.toMatch(/script|%ff/i);
  });

  it('a 404 and a refused method do not repeat the request', async () => {
    const origin = await start({});
    for (const [method, target] of [
      ['GET', '/no-such-file-<script>.js'],
      ['POST', '/config.json?<script>'],
      ['DELETE', '/api/auth/session'],
    ] as const) {
      const response = await fetch(`${origin}${target}`, { method });
      expect([target, response.status]).toEqual([target, 404]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).not.toMatch(/script|no-such|config|session/);
    }
  });

  it('a request Node cannot parse (400) and headers too large (431), then closed', async () => {
    const origin = await start({});
    const malformed = await rawRequest(origin, 'GET / HTTP/1.1\r\nHost x\r\n\r\n');
    expect(malformed.answer).toMatch(/^HTTP\/1\.1 400 /);
    expectSecured(headersOf(malformed.answer));
    const huge = await rawRequest(
      origin,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.answer).toMatch(/^HTTP\/1\.1 431 /);
    expectSecured(headersOf(huge.answer));
    expect(huge.answer).not.toContain('aaaa');
  });
});

describe('a connection that never finishes its request is closed', () => {
  // 1 s for headers and 2 s for the whole request stand for the defaults (10 s and 30 s).
  const quick = { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' };

  it('headers that do not arrive in time', async () => {
    const origin = await start(quick);
    const { closedAfterMs } = await rawRequest(origin, 'GET / HTTP/1.1\r\nHost: x\r\n');
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('a body that does not arrive in time; the server still answers others', async () => {
    const origin = await start(quick);
    const { answer, closedAfterMs } = await rawRequest(
      origin,
      'POST /api/auth/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"message":',
    );
    expect(closedAfterMs).toBeLessThan(6_000);
    expect(answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
    expect((await fetch(`${origin}/config.json`)).status).toBe(200);
  });
});

describe('build records and source maps', () => {
  let dist: string;

  beforeAll(async () => {
    dist = path.join(empty, 'records');
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Token Portfolio</title>');
    for (const name of [
      'main.0a1b2c3d.js.map',
      'mf-stats.json',
      'chunk-modules.json',
      'csp-hashes.json',
      'mf-manifest.json',
      'first-paint.json',
    ]) {
      await writeFile(path.join(dist, name), name.endsWith('.map') ? '{"sources":[]}' : '{}');
    }
    await writeFile(path.join(dist, 'csp-hashes.json'), '{"script-src":[]}');
    await writeFile(path.join(dist, 'mf-stats.json.br'), brotliCompressSync('{}'));
  });

  const RECORDS = [
    '/main.0a1b2c3d.js.map',
    '/remotes/header/main.0a1b2c3d.js.map',
    '/mf-stats.json',
    '/remotes/watchlist/mf-stats.json',
    '/remotes/watchlist/mf-stats.json.br',
    '/chunk-modules.json',
    '/csp-hashes.json',
  ];

  it('are not served in production; manifests and first-paint lists are', async () => {
    const origin = await start({}, dist);
    for (const target of RECORDS) {
      expect([target, (await fetch(`${origin}${target}`)).status]).toEqual([target, 404]);
    }
    for (const target of ['/remotes/header/mf-manifest.json', '/remotes/header/first-paint.json']) {
      expect([target, (await fetch(`${origin}${target}`)).status]).toEqual([target, 200]);
    }
  });

  it('are served when SERVE_BUILD_RECORDS=true asks for them', async () => {
    const origin = await start({ SERVE_BUILD_RECORDS: 'true' }, dist);
    expect((await fetch(`${origin}/main.0a1b2c3d.js.map`)).status).toBe(200);
    expect((await fetch(`${origin}/remotes/watchlist/mf-stats.json`)).status).toBe(200);
  });
});

describe('behind our proxy (TRUST_PROXY)', () => {
  /** What nginx's documented configuration sends on: exactly the address it saw. */
  const viaProxy = (claimed: string | null, visitor: string) => ({
    headers: { 'x-forwarded-for': claimed ? `${claimed}, ${visitor}` : visitor },
  });

  it('the visitor is the hop our proxy added, whatever the visitor claims before it', async () => {
    const origin = await start({ TRUST_PROXY: 'true', AUTH_NONCES_PER_CLIENT: '3' });
    const statuses: number[] = [];
    for (let i = 1; i <= 14; i++) {
      const response = await fetch(
        `${origin}/api/auth/nonce`,
        viaProxy(`10.9.8.${i}`, '203.0.113.9'),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(11).fill(429)]);
    // Another visitor behind the same proxy is still served.
    expect((await fetch(`${origin}/api/auth/nonce`, viaProxy(null, '198.51.100.4'))).status).toBe(
      200,
    );
  });

  it('a hop count: the visitor is that many hops from the end', async () => {
    const origin = await start({ TRUST_PROXY: '2', AUTH_NONCES_PER_CLIENT: '1' });
    const twoProxies = (claimed: string) => ({
      headers: { 'x-forwarded-for': `${claimed}, 203.0.113.9, 10.0.0.2` },
    });
    expect((await fetch(`${origin}/api/auth/nonce`, twoProxies('1.1.1.1'))).status).toBe(200);
    expect((await fetch(`${origin}/api/auth/nonce`, twoProxies('2.2.2.2'))).status).toBe(429);
  });

  it("our proxies' addresses: a request from elsewhere is its own visitor", async () => {
    const origin = await start({ TRUST_PROXY: '10.0.0.0/8', AUTH_NONCES_PER_CLIENT: '1' });
    // The test connects from 127.0.0.1, not one of ours: its X-Forwarded-For is ignored.
    expect((await fetch(`${origin}/api/auth/nonce`, viaProxy(null, '1.1.1.1'))).status).toBe(200);
    expect((await fetch(`${origin}/api/auth/nonce`, viaProxy(null, '2.2.2.2'))).status).toBe(429);
  });
});
