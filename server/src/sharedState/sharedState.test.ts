// The shared pieces against a real redis-server, several "servers" (each its own
// connection, as separate processes have) racing on the same keys.
import {
  startRedisServer,
  type RunningRedis,
} from '@token-portfolio/shared/server/testing/redisServer';
import type { CacheEntry } from '../marketGateway/answerCache';
import { BudgetExhaustedError, type BudgetSettings } from '../marketGateway/upstreamBudget';
import { CallNotices } from './callNotices';
import { SharedBudget } from './sharedBudget';
import { SharedCalls } from './sharedCalls';
import { KEY_PREFIX, SharedRedis } from './sharedRedis';
import { SharedMarketStore } from './sharedMarketStore';
import { SharedPriceLoader } from './sharedPrices';
import { SharedVisitorLimit } from './visitorLimits';

let redis: RunningRedis;
let servers: SharedRedis[] = [];
let logs: string[] = [];

beforeAll(async () => {
  redis = await startRedisServer({ persistent: true });
});
afterAll(() => redis.remove());

/** `count` servers' connections to the test Redis, once each has seen it. */
async function connect(count: number): Promise<SharedRedis[]> {
  const log = { warn: (message: string) => logs.push(message) };
  const connected = Array.from({ length: count }, () => new SharedRedis(redis.url, log));
  await Promise.all(connected.map((server) => server.ready(5_000)));
  servers.push(...connected);
  return connected;
}

beforeEach(async () => {
  logs = [];
  const [admin] = await connect(1);
  await admin?.client.flushall();
});
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `test` holds, checking every 100 ms for at most `ms`. */
async function eventually(test: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('Not in time');
    await sleep(100);
  }
}

test('a visitor spread over three servers has one limit, "in any 60 s"', async () => {
  const limits = (await connect(3)).map(
    (server) => new SharedVisitorLimit(server, 'nonce', 10, 60_000),
  );
  const answers = [];
  for (let i = 0; i < 14; i += 1) answers.push(await limits[i % 3]?.take('203.0.113.7'));
  expect(answers.slice(0, 10)).toEqual(Array(10).fill(null));
  for (const waitMs of answers.slice(10)) {
    expect(waitMs).toBeGreaterThan(55_000);
    expect(waitMs).toBeLessThanOrEqual(60_000);
  }
  // Another visitor is counted apart.
  expect(await limits[0]?.take('203.0.113.8')).toBeNull();
});

const plan: BudgetSettings = {
  callsPerMinute: 12,
  monthlyCalls: 1_000_000,
  pricesReservedShare: 0.5,
};

test('racing servers never spend more than the plan: one atomic check-and-spend', async () => {
  const budgets = (await connect(3)).map((server) => new SharedBudget(server, plan));
  const outcomes = await Promise.all(
    budgets.flatMap((budget) =>
      (['other', 'prices'] as const).flatMap((kind) =>
        Array.from({ length: 10 }, () =>
          budget.acquire(kind, 1_000).then(
            () => `${kind} granted`,
            (error: BudgetExhaustedError) => `${kind} refused (${error.reason})`,
          ),
        ),
      ),
    ),
  );
  const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
  // Other calls: half of 12 a minute. Prices: the bucket of 20 s worth (4), none refilled yet.
  expect(count('other granted')).toBe(6);
  expect(count('prices granted')).toBe(4);
  expect(count('other refused (minute)') + count('prices refused (minute)')).toBe(50);
  for (const budget of budgets) budget.close();
});

test('a 429 seen by one server pauses every server', async () => {
  const [one, two] = (await connect(2)).map((server) => new SharedBudget(server, plan));
  one?.rateLimited(4_000);
  await sleep(100);
  await expect(two?.acquire('prices', 0)).rejects.toMatchObject({ reason: 'rateLimited' });
  one?.close();
  two?.close();
});

test('the market data is capped: entries nearest their expiry leave first', async () => {
  const [server] = await connect(1);
  if (!server) throw new Error('no server');
  const store = new SharedMarketStore(server, 20_000);
  for (let i = 0; i < 40; i += 1) {
    const entry = { text: JSON.stringify('x'.repeat(1_000)), fetchedAt: Date.now() };
    await store.write([{ key: `coin:c${i}`, entry, keepMs: 60_000 + i * 1_000 }]);
  }
  const bytes = Number(await server.client.get(`${KEY_PREFIX}market-bytes`));
  expect(bytes).toBeLessThanOrEqual(20_000);
  const kept = await server.client.keys(`${KEY_PREFIX}market:coin:*`);
  expect(kept.length).toBeGreaterThan(10);
  expect(kept).toContain(`${KEY_PREFIX}market:coin:c39`);
  expect(kept).not.toContain(`${KEY_PREFIX}market:coin:c0`);
  // Another server reads what this one wrote.
  const [other] = await connect(1);
  if (!other) throw new Error('no server');
  const read = await new SharedMarketStore(other, 20_000).read(['coin:c39'], 60_000);
  expect(read.get('coin:c39')?.text).toBe(JSON.stringify('x'.repeat(1_000)));
});

/** Three servers' price loaders, with an upstream stand-in that counts what it is asked. */
async function priceLoaders() {
  const calls: string[][] = [];
  const connected = await connect(3);
  const loaders = connected.map((server) => {
    const budget = new SharedBudget(server, { ...plan, callsPerMinute: 30 });
    const store = new SharedMarketStore(server, 1_000_000);
    const fetchBatch = async (ids: string[]) => {
      calls.push(ids);
      await sleep(50);
      const fetchedAt = Date.now();
      const entries = new Map<string, CacheEntry>(
        ids.map((id) => [id, { text: JSON.stringify({ id }), fetchedAt }]),
      );
      const stored = [...entries].map(([id, entry]) => ({
        key: `coin:${id}`,
        entry,
        keepMs: 60_000,
      }));
      await store.write(stored);
      return entries;
    };
    const notices = new CallNotices(server);
    return {
      budget,
      loader: new SharedPriceLoader(server, budget, store, notices, 60_000, fetchBatch),
    };
  });
  await sleep(200); // the notices' subscriptions
  return { calls, loaders, servers: connected };
}

test('1,000 requests for the same coins on three servers cost one upstream call', async () => {
  const { calls, loaders } = await priceLoaders();
  const ids = ['bitcoin', 'ethereum', 'solana'];
  const answers = await Promise.all(
    Array.from({ length: 1_000 }, (_, i) => loaders[i % 3]?.loader.load(ids)),
  );
  expect(calls).toEqual([expect.arrayContaining(ids)]);
  for (const answer of answers) expect(answer?.get('solana')?.text).toBe('{"id":"solana"}');
  for (const { loader, budget } of loaders) {
    loader.close();
    budget.close();
  }
});

test('ids asked for on different servers while a call waits share that call', async () => {
  const { calls, loaders } = await priceLoaders();
  loaders[0]?.budget.rateLimited(1_000); // every server's calls wait a second
  await sleep(100);
  const asked = [['bitcoin'], ['ethereum', 'solana'], ['dogecoin']];
  const answers = await Promise.all(asked.map((ids, i) => loaders[i]?.loader.load(ids)));
  expect(calls).toHaveLength(1);
  expect(calls[0]?.sort()).toEqual(['bitcoin', 'dogecoin', 'ethereum', 'solana']);
  expect(answers.map((answer) => [...(answer?.keys() ?? [])])).toEqual(asked);
  for (const { loader, budget } of loaders) {
    loader.close();
    budget.close();
  }
});

test('a crashed fetcher blocks nobody: its lock expires and another server fetches', async () => {
  const { calls, loaders, servers: connected } = await priceLoaders();
  // A server took the id and died: its lock is left, for a second.
  await connected[0]?.client.set(`${KEY_PREFIX}prices:fetching:bitcoin`, 'gone', 'PX', 1_000);
  const started = Date.now();
  const answer = await loaders[1]?.loader.load(['bitcoin']);
  expect(answer?.get('bitcoin')?.text).toBe('{"id":"bitcoin"}');
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  expect(calls).toEqual([['bitcoin']]);
  for (const { loader, budget } of loaders) {
    loader.close();
    budget.close();
  }
});

test('a search asked on three servers at once is one call', async () => {
  const connected = await connect(3);
  let fetches = 0;
  const callers = connected.map((server) => {
    const store = new SharedMarketStore(server, 1_000_000);
    const fetch = async () => {
      fetches += 1;
      await sleep(100);
      const entry = { text: '{"coins":[]}', fetchedAt: Date.now() };
      await store.write([{ key: 'search:sol', entry, keepMs: 60_000 }]);
      return entry;
    };
    return { calls: new SharedCalls(server, store, new CallNotices(server)), fetch };
  });
  await sleep(200);
  const entries = await Promise.all(
    Array.from({ length: 30 }, (_, i) => {
      const caller = callers[i % 3];
      return caller?.calls.call('search:sol', 60_000, caller.fetch);
    }),
  );
  expect(fetches).toBe(1);
  expect(new Set(entries.map((entry) => entry?.text))).toEqual(new Set(['{"coins":[]}']));
});

test('Redis down is a state: once said, no call for 60 s, then the plan divided; then back', async () => {
  const connected = await connect(3);
  await eventually(() => connected.every((server) => server.serversAlive === 4), 3_000);
  const budget = new SharedBudget(connected[0] as SharedRedis, plan);
  await redis.stop();
  await eventually(() => servers.every((server) => !server.up), 6_000);
  await expect(budget.acquire('prices', 0)).rejects.toMatchObject({ reason: 'shared' });
  expect(budget.waitFor('prices').ms).toBeGreaterThan(55_000);

  // A minute later (this process's clock only), this server spends a quarter of the plan:
  // the four servers last seen alive (the test's admin connection is one).
  jest.useFakeTimers({
    doNotFake: [
      'setTimeout',
      'setInterval',
      'clearTimeout',
      'clearInterval',
      'setImmediate',
      'nextTick',
      'queueMicrotask',
    ],
  });
  let granted = 0;
  try {
    jest.setSystemTime(Date.now() + 61_000);
    for (let second = 0; second < 120; second += 1) {
      jest.setSystemTime(Date.now() + 1_000);
      granted += await budget.acquire('prices', 0).then(
        () => 1,
        () => 0,
      );
    }
  } finally {
    jest.useRealTimers();
  }
  // Three a minute (12 / 4): in two minutes, six.
  expect(granted).toBeGreaterThan(0);
  expect(granted).toBeLessThanOrEqual(6);

  await redis.restart();
  await eventually(() => servers.every((server) => server.up), 8_000);
  await eventually(() => budget.isShared, 1_000);
  const messages = (text: string) => logs.filter((message) => message.startsWith(text));
  // Each server said it once each way (four connections, the admin's included).
  expect(messages('Redis is unreachable')).toHaveLength(4);
  expect(messages('Redis is back')).toHaveLength(4);
  budget.close();
}, 30_000);

test('at its first start without Redis, a server makes no upstream call at all', async () => {
  const log = { warn: (message: string) => logs.push(message) };
  const lonely = new SharedRedis('redis://127.0.0.1:1', log);
  servers.push(lonely);
  const budget = new SharedBudget(lonely, plan);
  await expect(budget.acquire('prices', 0)).rejects.toBeInstanceOf(BudgetExhaustedError);
  expect(budget.waitFor('prices')).toMatchObject({ reason: 'shared' });
  budget.close();
});
