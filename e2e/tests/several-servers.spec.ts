import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { COIN_TABLE } from '@token-portfolio/shared/fixtures';
import {
  startRedisServer,
  type RunningRedis,
} from '@token-portfolio/shared/server/testing/redisServer';
import { test, expect } from '../support/test';
import { freePort } from '../support/freePort';
import { HttpVisitor } from '../support/httpVisitor';
import { startNginxInFront } from '../support/nginxGateway';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';

// Browser-free: three composed servers in processes of their own sharing one real Redis
// (with persistence), Debian's nginx in front with docs/nginx/market-gateway.conf, the
// fixture server as CoinGecko. Most checks ask the servers directly, where nginx's cache
// would hide the point; one visitor spread over them by turns.
test.describe.configure({ mode: 'serial' });

let fixtures: RunningFixtureServer;
let redis: RunningRedis;
const servers: ServerProcess[] = [];
let nginx: Awaited<ReturnType<typeof startNginxInFront>>;
let site: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fixtures = await startFixtureServer();
  redis = await startRedisServer({ persistent: true });
  const nginxPort = await freePort();
  site = `http://127.0.0.1:${nginxPort}`;
  // The plan's own numbers on every server (the demo plan: 30 calls a minute).
  const env = {
    REDIS_URL: redis.url,
    AUTH_SECRET: 'the-same-secret-on-every-server-0123456789',
    PUBLIC_ORIGIN: site,
    MARKET_API_URL: fixtures.url,
    MARKET_API_KEY: 'demo-key',
    // The month's pace stays out of the way: the minute is what these tests look at.
    MARKET_GATEWAY_MONTHLY_CALLS: '1000000',
    TRUST_PROXY: 'true',
  };
  await Promise.all([1, 2, 3].map(async () => servers.push(await startServerProcess(env))));
  nginx = await startNginxInFront(
    servers.map((server) => server.url),
    nginxPort,
  );
});
// A failing test shows what each server wrote.
// eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [i, running] of servers.entries()) {
    await testInfo.attach(`server ${i + 1}`, { body: running.output(), contentType: 'text/plain' });
  }
});
test.afterAll(async () => {
  await nginx?.close();
  await Promise.all(servers.map((server) => server.stop()));
  await redis?.remove();
  await fixtures?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const COINS = COIN_TABLE.map((coin) => coin.id);
const pricesPath = (ids: string[]) =>
  `api/market/coins/markets?vs_currency=usd&ids=${ids.join(',')}&per_page=${ids.length}` +
  '&page=1&sparkline=true&price_change_percentage=24h';
/** Server i of the three, by turns. */
const server = (i: number) => servers[i % servers.length]?.url ?? '';
const upstreamCalls = (path: string, since = 0) =>
  fixtures.requests().filter((request) => request.path === path && request.at >= since);

/** The most of these times inside any 60 s. */
function mostInAnyMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(
    0,
    ...sorted.map((start) => sorted.filter((t) => t >= start && t < start + 60_000).length),
  );
}

/** How many of the server's log lines start with `text`. */
const logLines = (running: ServerProcess, text: string) =>
  running.output().split(`"msg":"${text}`).length - 1;

/** Resolves once every server has logged a line starting with `text` `count` times. */
async function everyServerSays(text: string, count: number, ms: number): Promise<void> {
  const said = (s: ServerProcess) => logLines(s, text) >= count;
  await expect.poll(() => servers.every(said), { timeout: ms, intervals: [100] }).toBe(true);
}

test('a visitor spread over three servers gets one limit', async () => {
  const visitor = new HttpVisitor(site, '198.51.100.20');
  const searches = [];
  for (let i = 0; i < 14; i += 1) {
    searches.push((await visitor.get(`${server(i)}api/market/search?query=one-limit-${i}`)).status);
  }
  // MARKET_GATEWAY_SEARCHES_PER_CLIENT: 10 a minute, whichever server answers.
  expect(searches).toEqual([...Array<number>(10).fill(200), 429, 429, 429, 429]);
  const nonces = [];
  for (let i = 0; i < 12; i += 1)
    nonces.push((await visitor.get(`${server(i)}api/auth/nonce`)).status);
  // AUTH_NONCES_PER_CLIENT: 10 a minute.
  expect(nonces).toEqual([...Array<number>(10).fill(200), 429, 429]);
});

test('1,000 concurrent requests for the same coins across three servers cost one upstream call', async () => {
  const since = Date.now();
  const ids = COINS.slice(0, 5);
  const answers = await Promise.all(
    Array.from({ length: 1_000 }, (_, i) =>
      new HttpVisitor(site, `10.7.${i >> 8}.${i & 255}`).get(`${server(i)}${pricesPath(ids)}`),
    ),
  );
  expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
  const coins = (await answers[999]?.json()) as { id: string }[];
  expect(coins.map((coin) => coin.id)).toEqual(ids);
  expect(upstreamCalls('/coins/markets', since)).toHaveLength(1);
  expect(upstreamCalls('/coins/list', since).length).toBeLessThanOrEqual(1);
});

test('a rolling restart of the three servers under traffic: no failed GET, no session lost', async () => {
  test.setTimeout(300_000); // three server starts: seconds each on a quiet machine, far more on a busy one
  const signedIn = new HttpVisitor(site, '198.51.100.40');
  expect((await signedIn.signIn(nginx.url)).status).toBe(200);
  const paths = [pricesPath(COINS.slice(20, 25)), 'config.json', 'api/market/search?query=sol'];
  // Answered once before the traffic: the plan's window (61 s,
  // server/src/marketGateway/upstreamBudget.ts) may be spent for now, and a refusal is not
  // what this test is about. It runs before the minute of traffic below, which spends it.
  for (const path of paths) {
    await expect
      .poll(async () => (await fetch(`${nginx.url}${path}`)).status, { timeout: 120_000 })
      .toBe(200);
  }
  const failures: string[] = [];
  let answered = 0;
  let going = true;
  const traffic = Array.from({ length: 8 }, async (_, loop) => {
    for (let i = 0; going; i += 1) {
      const path = paths[(loop + i) % paths.length] ?? '';
      try {
        const response = await fetch(`${nginx.url}${path}`);
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`${response.status} ${path}`);
      } catch (error) {
        failures.push(`${String(error)} ${path}`);
      }
      answered += 1;
    }
  });
  const sessions = (async () => {
    while (going) {
      const address = await signedIn.signedInAs(nginx.url).catch((error: unknown) => String(error));
      if (address !== signedIn.accountAddress) failures.push(`session: ${address}`);
      await sleep(200);
    }
  })();

  for (const running of servers) {
    await sleep(1_000);
    // Exit code 0: it stopped within its window with nothing cut (1: it cut what was open).
    expect((await running.stop()).code).toBe(0);
    await running.start();
  }
  await sleep(1_000);
  going = false;
  await Promise.all([...traffic, sessions]);
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(100);
  expect(await signedIn.signedInAs(nginx.url)).toBe(signedIn.accountAddress);
});

test('Redis restarted: sessions kept', async () => {
  const signedIn = new HttpVisitor(site, '198.51.100.50');
  expect((await signedIn.signIn(server(0))).status).toBe(200);
  await redis.restart();
  await expect
    .poll(() => signedIn.signedInAs(server(1)).catch(() => 'not yet'), { timeout: 10_000 })
    .toBe(signedIn.accountAddress);
});

test('a minute of traffic from many visitors never exceeds the plan’s calls per minute', async () => {
  test.setTimeout(240_000);
  const since = Date.now();
  const statuses = new Map<number, number>();
  // 100 visitors, each every 2 s: a price lookup of a coin, a search of its own and, now
  // and then, a market page: far more than 30 calls a minute's worth across three servers.
  const visitors = Array.from({ length: 100 }, (_, i) => new HttpVisitor(site, `10.8.0.${i}`));
  const stopAt = Date.now() + 60_000;
  await Promise.all(
    visitors.map(async (visitor, i) => {
      await sleep((i * 2_000) / visitors.length);
      for (let round = 0; Date.now() < stopAt; round += 1) {
        const paths = [
          pricesPath([COINS[(i + round * 7) % COINS.length] ?? 'bitcoin']),
          `api/market/search?query=minute-${i}-${round}`,
          ...(round % 5 === 0
            ? [
                `api/market/coins/markets?vs_currency=usd&page=${1 + (round % 4)}&per_page=${10 + (i % 40)}`,
              ]
            : []),
        ];
        for (const [j, path] of paths.entries()) {
          const { status } = await visitor.get(`${server(i + round + j)}${path}`);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
        await sleep(2_000);
      }
    }),
  );
  const calls = fixtures.requests().filter((request) => request.at >= since);
  // The plan was asked for far more than it allows, and it held across the three servers.
  expect(statuses.get(429) ?? 0).toBeGreaterThan(100);
  expect(calls.length).toBeGreaterThanOrEqual(25);
  expect(mostInAnyMinute(calls.map((call) => call.at))).toBeLessThanOrEqual(30);
});

test('Redis stopped mid-traffic: answers go on, the plan holds, sign-in is unavailable; then shared again', async () => {
  test.setTimeout(90_000);
  const signedIn = new HttpVisitor(site, '198.51.100.30');
  expect((await signedIn.signIn(server(0))).status).toBe(200);
  await sleep(1_500); // Redis writes its append-only file every second
  const cached = COINS.slice(10, 15);
  // Every server has these coins in its own memory (one upstream call between them).
  for (let i = 0; i < 3; i += 1) {
    expect((await new HttpVisitor(site).get(`${server(i)}${pricesPath(cached)}`)).status).toBe(200);
  }

  await redis.stop('SIGKILL');
  const stoppedAt = Date.now();
  await everyServerSays('Redis is unreachable', 1, 10_000);
  const answers: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    for (let i = 0; i < 3; i += 1) {
      answers.push(
        (await new HttpVisitor(site, `10.9.0.${round}`).get(`${server(i)}${pricesPath(cached)}`))
          .status,
      );
    }
    await sleep(300);
  }
  expect(new Set(answers)).toEqual(new Set([200]));
  // A search nobody made before: no upstream call while the servers cannot share the plan.
  const search = await new HttpVisitor(site).get(`${server(1)}api/market/search?query=while-down`);
  expect(search.status).toBe(503);
  expect(await search.json()).toEqual({
    error: expect.stringMatching(/^Market data is unavailable for now; try again in \d+ s\.$/),
  });
  expect(fixtures.requests().filter((request) => request.at >= stoppedAt)).toEqual([]);
  // Sign-in says it is unavailable; the signed-in visitor is not signed out.
  const nonce = await new HttpVisitor(site, '198.51.100.31').get(`${server(2)}api/auth/nonce`);
  expect(nonce.status).toBe(503);
  expect(await nonce.json()).toEqual({
    error: 'unavailable',
    message: 'Sign-in is unavailable right now; try again later.',
  });
  expect((await signedIn.get(`${server(1)}api/auth/session`)).status).toBe(503);

  await redis.restart();
  await everyServerSays('Redis is back', 1, 10_000);
  expect(await signedIn.signedInAs(server(2))).toBe(signedIn.accountAddress);
  // Shared again: one visitor's nonces are counted once more by all servers together.
  const visitor = new HttpVisitor(site, '198.51.100.32');
  const nonces = [];
  for (let i = 0; i < 11; i += 1)
    nonces.push((await visitor.get(`${server(i)}api/auth/nonce`)).status);
  expect(nonces.filter((status) => status === 429)).toHaveLength(1);
  // Each server said so once each way, not per request.
  for (const running of servers) {
    expect(logLines(running, 'Redis is unreachable')).toBe(1);
    expect(logLines(running, 'Redis is back')).toBe(1);
  }
});
