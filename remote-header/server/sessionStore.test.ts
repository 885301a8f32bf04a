import { Redis } from 'ioredis';
import { RedisSessionStore } from './redisSessionStore';
import {
  MAX_SESSIONS_PER_ADDRESS,
  MemorySessionStore,
  SessionStoreFullError,
  type SessionStore,
} from './sessionStore';
import {
  startRedisServer,
  type RunningRedis,
} from '@token-portfolio/shared/server/testing/redisServer';

const alice = { address: '0x3003E6f30919bDBF0C10fC3648f8A68746e23Ec6' as const, chainId: 1 };
const bob = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const, chainId: 1 };
const MINUTE = 60_000;
/** A distinct wallet address for each number. */
const wallet = (n: number) => ({
  address: `0x${n.toString(16).padStart(40, '0')}` as `0x${string}`,
  chainId: 1,
});

/** One wallet signing in again and again keeps 10 sessions: the oldest ends. */
async function expectTenSessionsPerAddress(store: SessionStore, expiresAt: () => number) {
  await store.openSession('bob-1', bob, expiresAt());
  for (let i = 1; i <= MAX_SESSIONS_PER_ADDRESS + 2; i++) {
    await store.openSession(`alice-${i}`, alice, expiresAt());
  }
  const found = await Promise.all(
    Array.from({ length: MAX_SESSIONS_PER_ADDRESS + 2 }, (_, i) =>
      store.findSession(`alice-${i + 1}`),
    ),
  );
  expect(found.map((session) => session !== null)).toEqual([
    false,
    false,
    ...Array<boolean>(MAX_SESSIONS_PER_ADDRESS).fill(true),
  ]);
  expect(await store.findSession('bob-1')).toEqual(bob);
}

describe('the in-memory store', () => {
  let clock = 1_000_000;
  const now = () => clock;

  test('a nonce is accepted once until it expires', async () => {
    const store = new MemorySessionStore({ now });
    expect(await store.useNonce('n1', clock + MINUTE)).toBe(true);
    expect(await store.useNonce('n1', clock + MINUTE)).toBe(false);
    clock += MINUTE;
    expect(await store.useNonce('n1', clock + MINUTE)).toBe(true);
    await store.close();
  });

  test('a session lasts until it is closed or expires', async () => {
    const store = new MemorySessionStore({ now });
    await store.openSession('s1', alice, clock + MINUTE);
    await store.openSession('s2', alice, clock + MINUTE);
    expect(await store.findSession('s1')).toEqual(alice);
    await store.closeSession('s1');
    expect(await store.findSession('s1')).toBeNull();
    clock += MINUTE;
    expect(await store.findSession('s2')).toBeNull();
    await store.close();
  });

  test('one wallet address keeps at most 10 live sessions: the oldest ends', async () => {
    const store = new MemorySessionStore({ now });
    await expectTenSessionsPerAddress(store, () => clock + MINUTE);
    await store.close();
  });

  test('when full it refuses new entries, never evicts live ones, and sweeps expired ones', async () => {
    const store = new MemorySessionStore({ maxSessions: 2, maxNonces: 1, now });
    await store.openSession('s1', alice, clock + MINUTE);
    await store.openSession('s2', alice, clock + 2 * MINUTE);
    await expect(store.openSession('s3', alice, clock + MINUTE)).rejects.toThrow(
      SessionStoreFullError,
    );
    expect(await store.findSession('s1')).toEqual(alice);
    expect(await store.useNonce('n1', clock + MINUTE)).toBe(true);
    await expect(store.useNonce('n2', clock + MINUTE)).rejects.toThrow(SessionStoreFullError);
    clock += MINUTE;
    await store.openSession('s3', alice, clock + MINUTE);
    expect(await store.useNonce('n2', clock + MINUTE)).toBe(true);
    expect(await store.findSession('s2')).toEqual(alice);
    await store.close();
  });
});

describe('the Redis store (a real redis-server)', () => {
  let redis: RunningRedis;
  let store: SessionStore;

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.remove());
  beforeEach(() => {
    store = new RedisSessionStore(redis.url);
  });
  afterEach(() => store.close());

  test('a nonce is accepted once, by every server sharing the Redis', async () => {
    const other = new RedisSessionStore(redis.url);
    const expiresAt = Date.now() + MINUTE;
    expect(await store.useNonce('nonce-a', expiresAt)).toBe(true);
    expect(await other.useNonce('nonce-a', expiresAt)).toBe(false);
    await other.close();
  });

  test('a session opened on one server is found, and closed, on another', async () => {
    const other = new RedisSessionStore(redis.url);
    await store.openSession('session-a', alice, Date.now() + MINUTE);
    expect(await other.findSession('session-a')).toEqual(alice);
    await other.closeSession('session-a');
    expect(await store.findSession('session-a')).toBeNull();
    await other.close();
  });

  test('entries expire in Redis itself', async () => {
    await store.openSession('session-b', alice, Date.now() + 50);
    expect(await store.useNonce('nonce-b', Date.now() + 50)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await store.findSession('session-b')).toBeNull();
    expect(await store.useNonce('nonce-b', Date.now() + MINUTE)).toBe(true);
  });

  test('a record that is not a session counts as none', async () => {
    const client = new Redis(redis.url);
    await client.set('token-portfolio:auth:session:bad', '{"address":"me"}');
    expect(await store.findSession('bad')).toBeNull();
    await client.quit();
  });

  test('one wallet address keeps at most 10 live sessions: the oldest ends', async () => {
    await expectTenSessionsPerAddress(store, () => Date.now() + MINUTE);
  });

  test('a full Redis (maxmemory, noeviction) refuses new sessions and keeps live ones', async () => {
    const client = new Redis(redis.url);
    await store.openSession('live', alice, Date.now() + MINUTE);
    const used = Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1]);
    await client.config('SET', 'maxmemory-policy', 'noeviction');
    await client.config('SET', 'maxmemory', String(used + 256 * 1024));
    let refused: unknown;
    for (let i = 0; i < 100_000 && refused === undefined; i++) {
      await store.openSession(`filler-${i}`, wallet(i), Date.now() + MINUTE).catch((error) => {
        refused = error;
      });
    }
    expect(refused).toBeInstanceOf(SessionStoreFullError);
    expect(await store.findSession('live')).toEqual(alice);
    await client.config('SET', 'maxmemory', '0');
    await client.flushall();
    await client.quit();
  });
});
