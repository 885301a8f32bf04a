// The Redis store on a real redis-server: two "servers" (each its own connections and
// WalletWatchlists) on one Redis, as several composed servers run behind nginx.
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Change } from '@token-portfolio/shared/watchlist-bodies';
import {
  startRedisServer,
  type RunningRedis,
} from '@token-portfolio/shared/server/testing/redisServer';
import { followWallet, type StreamEvent } from './eventStream';
import { RedisStorage } from './redisStorage';
import { RETENTION_MS } from './walletState';
import { WalletWatchlists, type ApplyAnswer } from './walletWatchlists';

const wallet = '0x3003e6f30919bdbf0c10fc3648f8a68746e23ec6';

let redis: RunningRedis;
const connections: Redis[] = [];
const servers: WalletWatchlists[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis.stop());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(connections.splice(0).map((connection) => connection.quit()));
});

function connect(options: RedisOptions = {}) {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1, ...options });
  connections.push(connection);
  return connection;
}

/** One server: its command connection, its subscriber, its watchlists. */
function server(subscriberOptions: RedisOptions = {}) {
  const subscriber = connect(subscriberOptions);
  const watchlists = new WalletWatchlists(new RedisStorage({ client: connect(), subscriber }));
  servers.push(watchlists);
  return { watchlists, subscriber };
}

const holdingsChange = (id: string, holdings: string): Change => ({
  changeId: randomUUID(),
  kind: 'holdings',
  id,
  holdings,
});

const applied = (answer: ApplyAnswer) => {
  if (answer.kind !== 'applied') throw new Error('refused');
  return answer.answer;
};

/** A stream's events, as the route sends them. */
async function follow(watchlists: WalletWatchlists, since: number) {
  const events: StreamEvent[] = [];
  const stop = await followWallet(watchlists, wallet, since, (event) => events.push(event));
  return { events, stop };
}

const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeEach(async () => {
  await connect().flushall();
});

test('two servers applying at once: versions strictly increase, nothing is lost, every page hears all', async () => {
  const a = server();
  const b = server();
  const stream = await follow(b.watchlists, 0);
  const devices = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const sends = devices.flatMap((deviceId, d) =>
    Array.from({ length: 15 }, (_, i) => {
      const target = d % 2 === 0 ? a : b;
      return target.watchlists.apply(wallet, {
        deviceId,
        baseVersion: 0,
        changes: [
          holdingsChange(`coin-${d}-${i}`, String(i)),
          holdingsChange(`shared-${i}`, String(d)),
        ],
      });
    }),
  );
  const answers = (await Promise.all(sends)).map(applied);
  const versions = answers.flatMap((answer) => answer.results.map((result) => result.version));
  expect(versions.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  const list = await a.watchlists.read(wallet);
  expect(list.version).toBe(120);
  expect(list.tokens).toHaveLength(60 + 15);
  // The page on server B heard every change once, in version order.
  await until(() => stream.events.at(-1)?.id === 120);
  const heard = stream.events.flatMap((event) =>
    event.event === 'changes' ? (event.data as { changes: { version: number }[] }).changes : [],
  );
  expect(heard.map((change) => change.version)).toEqual(
    Array.from({ length: 120 }, (_, i) => i + 1),
  );
  stream.stop();
});

test('a page catches up on what was published while its server was away from Redis', async () => {
  const a = server();
  // B's subscriber reconnects 3 s after its connection is cut: time enough for the two
  // changes below to be published while it is away, even on a loaded machine.
  const b = server({ retryStrategy: () => 3_000 });
  const deviceId = randomUUID();
  applied(
    await a.watchlists.apply(wallet, {
      deviceId,
      baseVersion: 0,
      changes: [holdingsChange('bitcoin', '1')],
    }),
  );
  const stream = await follow(b.watchlists, 1);
  const admin = connect();
  // Only B listens (A has no page open): this cuts B's subscriber connection.
  await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
  // Published while B listens to nobody: lost for B's subscriber.
  applied(
    await a.watchlists.apply(wallet, {
      deviceId,
      baseVersion: 1,
      changes: [holdingsChange('bitcoin', '2')],
    }),
  );
  applied(
    await a.watchlists.apply(wallet, {
      deviceId,
      baseVersion: 2,
      changes: [holdingsChange('bitcoin', '3')],
    }),
  );
  expect(b.subscriber.status).not.toBe('ready'); // still away: what follows is catch-up
  await until(() => stream.events.length > 0);
  expect(stream.events).toEqual([
    {
      event: 'changes',
      id: 3,
      data: expect.objectContaining({
        version: 3,
        changes: [expect.objectContaining({ version: 2 }), expect.objectContaining({ version: 3 })],
      }),
    },
  ]);
  // And live again afterwards.
  applied(
    await a.watchlists.apply(wallet, {
      deviceId,
      baseVersion: 3,
      changes: [holdingsChange('bitcoin', '4')],
    }),
  );
  await until(() => stream.events.length > 1);
  expect(stream.events[1]).toMatchObject({ event: 'changes', id: 4 });
  stream.stop();
});

test("a list expires in Redis 12 months after its last read; delete removes it and tells every server's pages", async () => {
  const a = server();
  const b = server();
  applied(
    await a.watchlists.apply(wallet, {
      deviceId: randomUUID(),
      baseVersion: 0,
      changes: [holdingsChange('bitcoin', '1')],
    }),
  );
  const ttl = await connect().pttl(`token-portfolio:watchlist:${wallet}`);
  expect(Math.abs(ttl - RETENTION_MS)).toBeLessThan(60_000);
  const stream = await follow(b.watchlists, 1);
  await a.watchlists.delete(wallet);
  await until(() => stream.events.length > 0);
  expect(stream.events).toEqual([{ event: 'deleted', data: {} }]);
  expect(await b.watchlists.read(wallet)).toEqual({ version: 0, tokens: [] });
  stream.stop();
});

test('lists grow only while Redis uses less than 90% of its maxmemory; removals always apply', async () => {
  const { watchlists } = server();
  const admin = connect();
  const send = (kind: 'add' | 'remove', id: string) =>
    watchlists.apply(wallet, {
      deviceId: randomUUID(),
      baseVersion: 0,
      changes: [
        kind === 'add'
          ? { changeId: randomUUID(), kind, id, holdings: '1', after: null }
          : { changeId: randomUUID(), kind, id },
      ],
    });
  applied(await send('add', 'bitcoin'));
  applied(await send('add', 'ethereum'));
  const usedMemory = async () =>
    Number(/^used_memory:(\d+)/m.exec(await admin.info('memory'))?.[1]);
  try {
    // What it uses now is 95% of what it may use.
    await admin.config('SET', 'maxmemory', String(Math.ceil((await usedMemory()) / 0.95)));
    expect(await send('add', 'solana')).toEqual({ kind: 'noRoom' });
    expect(applied(await send('remove', 'ethereum')).results).toMatchObject([
      { status: 'applied', version: 3 },
    ]);
  } finally {
    // No maxmemory: the machine's memory is the room.
    await admin.config('SET', 'maxmemory', '0');
  }
  applied(await send('add', 'solana'));
  expect((await watchlists.read(wallet)).tokens.map((token) => token.id)).toEqual([
    'solana',
    'bitcoin',
  ]);
});
