import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { readServerConfig } from '../config';
import { createComposedServer } from '../server';
import { rawGet } from '../testing/rawGet';

const KEY = 'CG-secret-demo-key-0123456789';

let empty: string;
let fixtures: RunningFixtureServer;
let app: FastifyInstance | undefined;
let logLines: string[];

beforeAll(async () => {
  empty = await mkdtemp(path.join(tmpdir(), 'tp-gateway-test-'));
  // The fixture API insists on the key, as CoinGecko does for a keyed plan.
  fixtures = await startFixtureServer({ apiKey: KEY });
});
afterAll(async () => {
  await fixtures.close();
  await rm(empty, { recursive: true, force: true });
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The composed server as `npm start` makes it, logging everything (trace) into logLines. */
async function start(env: Record<string, string> = {}): Promise<string> {
  fixtures.reset();
  logLines = [];
  const config = readServerConfig({
    PORT: '0',
    MARKET_API_URL: fixtures.url,
    MARKET_API_KEY: KEY,
    ...env,
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await createComposedServer({
    runtime: config.runtime,
    marketGateway: config.marketGateway,
    dists: { host: empty, header: empty, summary: empty, watchlist: empty, addToken: empty },
    logger: { level: 'trace', stream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const prices = '/api/market/coins/markets?vs_currency=usd&ids=ethereum,bitcoin&per_page=2&page=1';

test('the key is used upstream and appears in no answer, header or log line', async () => {
  const origin = await start();
  const answers: Response[] = [];
  const ask = async (target: string, init?: RequestInit) => {
    const answer = await fetch(`${origin}${target}`, init);
    answers.push(answer);
    return answer;
  };
  expect((await ask(prices)).status).toBe(200);
  await ask('/api/market/search?query=eth');
  await ask('/api/market/coins/markets?vs_currency=usd&ids=bitcoin&x_cg_demo_api_key=guess');
  await ask('/api/market/ping');
  await ask('/api/market/search', { method: 'POST', body: '{}' });
  await ask('/config.json');
  fixtures.setMode({ mode: '500' });
  expect((await ask('/api/market/search?query=doge')).status).toBe(503);
  fixtures.setMode({ mode: '429', retryAfter: 5 });
  await ask('/api/market/search?query=sol');

  const everything = await Promise.all(
    answers.map(async (answer) => `${JSON.stringify([...answer.headers])}${await answer.text()}`),
  );
  expect(everything.filter((text) => text.includes(KEY))).toEqual([]);
  expect(logLines.length).toBeGreaterThan(10);
  expect(logLines.filter((line) => line.includes(KEY))).toEqual([]);
  expect(logLines.some((line) => line.includes('The market data provider answered 500'))).toBe(
    true,
  );
  // Whatever logs a headers object or settings later, the key is redacted.
  app?.log.warn(
    { headers: { 'x-cg-demo-api-key': KEY }, settings: { upstream: { apiKey: KEY } } },
    'probe',
  );
  const probe = logLines.find((line) => line.includes('probe')) ?? '';
  expect(probe).toContain('[redacted]');
  expect(probe).not.toContain(KEY);
  // It did go upstream, with the key, from the server.
  expect(fixtures.requests()[0]?.demoKey).toBe(KEY);
});

test('/config.json points the browser at the gateway, with no key', async () => {
  const origin = await start();
  const config = (await (await fetch(`${origin}/config.json`)).json()) as { market: unknown };
  expect(config.market).toEqual({ baseUrl: '/api/market', apiKey: null, plan: 'demo' });
});

test('answers carry validators, shared-cache times and the cross-origin resource policy', async () => {
  const origin = await start();
  const first = await fetch(`${origin}${prices}`);
  expect(first.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(first.headers.get('cache-control')).toMatch(
    /^public, max-age=0, s-maxage=(59|60), stale-while-revalidate=60, stale-if-error=86400$/,
  );
  expect(Date.parse(first.headers.get('last-modified') ?? '')).not.toBeNaN();
  const etag = first.headers.get('etag') ?? '';
  expect(etag).toMatch(/^".+"$/);

  const again = await fetch(`${origin}${prices}`, { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);
  expect(fixtures.requests().filter((r) => r.path === '/coins/markets')).toHaveLength(1);
});

test('requests outside the allow-list get a 400 with the reason, sent as is', async () => {
  const origin = await start();
  expect(await rawGet(origin, '/api/market/coins/../../config.json')).toEqual({
    status: 400,
    body: '{"error":"Dot segments are not allowed in the path."}',
  });
  expect(await rawGet(origin, '/api/market/coins%2Fmarkets?vs_currency=usd')).toEqual({
    status: 400,
    body: '{"error":"Encoded slashes are not allowed in the path."}',
  });
  const post = await fetch(`${origin}/api/market/search?query=btc`, { method: 'DELETE' });
  expect(post.status).toBe(405);
  expect(post.headers.get('allow')).toBe('GET, HEAD');
  expect(fixtures.requests()).toHaveLength(0);
});

describe('CORS (MARKET_GATEWAY_CORS_ORIGINS)', () => {
  const fromBlog = { headers: { origin: 'https://blog.example' } };

  test('none by default: other sites cannot read the answers', async () => {
    const origin = await start();
    const answer = await fetch(`${origin}${prices}`, fromBlog);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('the origins listed may read answers and their Retry-After and staleness', async () => {
    const origin = await start({ MARKET_GATEWAY_CORS_ORIGINS: 'https://blog.example' });
    const answer = await fetch(`${origin}${prices}`, fromBlog);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://blog.example');
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    const other = await fetch(`${origin}${prices}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(`${origin}${prices}`, {
      method: 'OPTIONS',
      headers: { ...fromBlog.headers, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
  });
});

test('direct mode: no gateway, and the browser gets the market URL and key itself', async () => {
  const origin = await start({ MARKET_MODE: 'direct' });
  const config = (await (await fetch(`${origin}/config.json`)).json()) as { market: unknown };
  expect(config.market).toEqual({ baseUrl: fixtures.url, apiKey: KEY, plan: 'demo' });
  expect((await fetch(`${origin}${prices}`)).status).toBe(404);
});
