import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { HOST_APP, REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import { readServerConfig } from './config';
import { createComposedServer, type DistFolders } from './server';
import { rawGet } from './testing/rawGet';

let empty: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  empty = await mkdtemp(path.join(tmpdir(), 'tp-server-test-'));
});
afterAll(() => rm(empty, { recursive: true, force: true }));
afterEach(async () => {
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
