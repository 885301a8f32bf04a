import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { readServerConfig } from './config';
import { createComposedServer } from './server';
import { rawRequest } from './testing/rawRequest';

/*
 * The attack sequence of docs/security.md ('A slow request while the server stops'), repeated:
 * searches claiming other addresses, four loops asking for 250 unknown coins against a market
 * API whose coin list answers 404, one request for two known coins, then requests whose body
 * or headers never finish, on a new and on a reused connection. Each round the server begins
 * to stop (what SIGTERM does) at another moment while they wait: each must still end by its
 * limit, and the server must stop.
 */

// 1 s for headers and 2 s for the whole request stand for the defaults (10 s and 30 s).
const HEADERS_MS = 1_000;
const REQUEST_MS = 2_000;
/** Node looks every second; the rest is room for a busy machine (npm test runs in parallel). */
const ROOM_MS = 3_000;
/** The four loops ask for unknown coins at least this long (25 s in the reported attack). */
const LOOPS_MS = 1_500;

let fixtures: RunningFixtureServer;
let app: FastifyInstance;

beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(() => fixtures.close());
afterEach(async () => {
  app.server.closeAllConnections();
  await app.close();
});

async function start(): Promise<string> {
  fixtures.reset();
  fixtures.setMode({ mode: '404', route: '/coins/list' });
  const config = readServerConfig({
    PORT: '0',
    TRUST_PROXY: 'true',
    MARKET_API_URL: fixtures.url,
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_MS / 1000),
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_MS / 1000),
  });
  app = await createComposedServer({
    runtime: config.runtime,
    marketGateway: config.marketGateway,
    trustProxy: config.trustProxy,
    limits: config.limits,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const unknownCoins = () =>
  Array.from({ length: 250 }, () => `unknown-${randomBytes(6).toString('hex')}`).join(',');

/** What came before the slow requests in the reported attack. */
async function earlierTraffic(origin: string) {
  const statuses = new Set<number>();
  const get = async (target: string, visitor?: string) => {
    const response = await fetch(`${origin}${target}`, {
      headers: visitor ? { 'x-forwarded-for': visitor } : {},
    });
    await response.arrayBuffer();
    statuses.add(response.status);
    return response.status;
  };
  for (let n = 1; n <= 12; n += 1) await get(`/api/market/search?query=coin${n}`, `203.0.113.${n}`);
  const end = Date.now() + LOOPS_MS;
  const loop = async () => {
    // On a busy machine the first answers are slow: on until the visitor's share ran out.
    while (Date.now() < end || !statuses.has(429)) {
      await get(`/api/market/coins/markets?vs_currency=usd&ids=${unknownCoins()}`, '198.51.100.7');
    }
  };
  await Promise.all([loop(), loop(), loop(), loop()]);
  expect(await get('/api/market/coins/markets?vs_currency=usd&ids=bitcoin,ethereum')).toBe(200);
  // Searches and prices answered, then the one visitor's share ran out; the coin list was
  // asked for (and answered 404).
  expect([...statuses].sort()).toEqual([200, 429]);
  expect(fixtures.requests().map(({ path }) => path)).toContain('/coins/list');
}

const slowBody =
  'POST /api/auth/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
  'Content-Length: 10000\r\n\r\n{"message":"';

const slowRequests = {
  'a body that never finishes': { bytes: slowBody, limitMs: REQUEST_MS },
  'the same after a request on its connection': {
    bytes: `GET /config.json HTTP/1.1\r\nHost: x\r\n\r\n${slowBody}`,
    limitMs: REQUEST_MS,
  },
  'headers that never finish': { bytes: 'GET / HTTP/1.1\r\nHost: x\r\n', limitMs: HEADERS_MS },
};

/** Resolves once the server accepted `count` more connections. */
function accepted(count: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    const onConnection = () => {
      seen += 1;
      if (seen < count) return;
      app.server.off('connection', onConnection);
      resolve();
    };
    app.server.on('connection', onConnection);
  });
}

test.each([
  ['keeps running', null],
  ['begins to stop as they arrive', 0],
  ['begins to stop 0.5 s later', 500],
  ['begins to stop 1.2 s later', 1_200],
])(
  'after the attack, slow requests end by their limits; the server %s',
  async (_, stopAfterMs) => {
    const origin = await start();
    await earlierTraffic(origin);
    const arrived = accepted(Object.keys(slowRequests).length);
    const waits = Object.entries(slowRequests).map(async ([name, { bytes, limitMs }]) => {
      const { answer, closedAfterMs } = await rawRequest(origin, bytes, limitMs + 3 * ROOM_MS);
      return {
        name,
        ended: closedAfterMs < limitMs + ROOM_MS,
        answered408: answer.includes('HTTP/1.1 408 '),
      };
    });
    let stopped: Promise<void> | undefined;
    if (stopAfterMs !== null) {
      await arrived;
      await new Promise((resolve) => setTimeout(resolve, stopAfterMs));
      stopped = app.close();
    }
    expect(await Promise.all(waits)).toEqual(
      Object.keys(slowRequests).map((name) => ({ name, ended: true, answered408: true })),
    );
    await stopped; // the server stops (closing waits for every connection)
  },
  30_000,
);
