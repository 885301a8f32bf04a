// The saved watchlist API over real HTTP on the composed server, with the default file store
// in a temporary DATA_DIR and real Sign-In with Ethereum sessions.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sealData, unsealData } from 'iron-session';
import type {
  Change,
  ChangesAnswer,
  WalletWatchlist,
  WatchlistError,
} from '@token-portfolio/shared/watchlist-bodies';
import { HOST_APP, REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import { startRedisServer } from '@token-portfolio/shared/server/testing/redisServer';
import { readServerConfig } from '../config';
import type { DistFolders } from '../distFolders';
import { createComposedServer } from '../server';
import { Visitor, testAccounts, type EventReader } from '../testing/visitor';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const SESSION_COOKIE = 'token_portfolio_session';

let folder: string;
let dataDir: string;
let app: FastifyInstance | undefined;
let origin: string;
let logLines: string[];
const streams: EventReader[] = [];

/** The composed server on the file store in `dataDir` (null: none), or on `redisUrl`'s Redis. */
async function start({
  dir = dataDir,
  streamHeartbeatMs,
  redisUrl,
}: { dir?: string | null; streamHeartbeatMs?: number; redisUrl?: string } = {}): Promise<void> {
  const config = readServerConfig({
    PORT: '0',
    AUTH_NONCES_PER_CLIENT: '100000',
    AUTH_SIGN_INS_PER_CLIENT: '100000',
  });
  const dists = Object.fromEntries(
    [HOST_APP.name, ...REMOTE_NAMES].map((name) => [name, folder]),
  ) as DistFolders;
  app = await createComposedServer({
    runtime: config.runtime,
    dists,
    authSecret: SECRET,
    limits: config.limits,
    // As behind our proxy: a visitor's address is the one it names (Visitor's `address`).
    trustProxy: { hops: 1 },
    dataDir: dir,
    redisUrl,
    streamHeartbeatMs,
    // Everything the server logs, to check what it never logs.
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'tp-watchlist-api-'));
  dataDir = path.join(folder, 'data');
  logLines = [];
  await start();
});
afterEach(async () => {
  await Promise.all(streams.splice(0).map((stream) => stream.close()));
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
  await rm(folder, { recursive: true, force: true });
});

/** A signed-in browser of this wallet. */
async function device(
  account = testAccounts.alice,
  address?: string,
): Promise<Visitor & { deviceId: string }> {
  const visitor = Object.assign(new Visitor(origin, address), { deviceId: randomUUID() });
  await visitor.signIn(account);
  return visitor;
}

const add = (id: string, holdings = '1', after: string | null = null): Change => ({
  changeId: randomUUID(),
  kind: 'add',
  id,
  holdings,
  after,
});
const holdings = (id: string, amount: string): Change => ({
  changeId: randomUUID(),
  kind: 'holdings',
  id,
  holdings: amount,
});
const remove = (id: string): Change => ({ changeId: randomUUID(), kind: 'remove', id });

const send = (
  visitor: Visitor & { deviceId: string },
  baseVersion: number,
  changes: Change[],
  body: object = { deviceId: visitor.deviceId, baseVersion, changes },
) =>
  visitor.json<ChangesAnswer & WatchlistError>('/api/watchlist/changes', {
    method: 'POST',
    body: JSON.stringify(body),
  });

const listOf = async (visitor: Visitor) =>
  (await visitor.json<WalletWatchlist>('/api/watchlist')).body;

async function openStream(visitor: Visitor, query = '', lastEventId?: string) {
  const stream = await visitor.events(`/api/watchlist/events${query}`, lastEventId);
  streams.push(stream);
  return stream;
}

describe('reading and changing the list', () => {
  it('a wallet with no list has version 0 and no tokens; answers are not cached', async () => {
    const laptop = await device();
    const response = await laptop.fetch('/api/watchlist');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({ version: 0, tokens: [] });
  });

  it('applies per-token changes in order; the other device learns what it missed', async () => {
    const laptop = await device();
    const phone = await device();
    const first = await send(laptop, 0, [add('bitcoin', '0.5'), add('ethereum', '2', 'bitcoin')]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 2, missed: [] });
    expect(first.body.results.map((r) => [r.status, r.version])).toEqual([
      ['applied', 1],
      ['applied', 2],
    ]);
    const second = await send(phone, 0, [holdings('ethereum', '3')]);
    expect(second.body.version).toBe(3);
    expect(second.body.missed?.map((c) => c.change.id)).toEqual(['bitcoin', 'ethereum']);
    expect(await listOf(laptop)).toEqual({
      version: 3,
      tokens: [
        { id: 'bitcoin', holdings: '0.5' },
        { id: 'ethereum', holdings: '3' },
      ],
    });
  });

  it('a retried request applies nothing again and answers its earlier results', async () => {
    const laptop = await device();
    const changes = [add('bitcoin', '1'), holdings('bitcoin', '2')];
    const first = await send(laptop, 0, changes);
    const retry = await send(laptop, 0, changes);
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(2);
    expect(retry.body.results).toEqual(
      first.body.results.map((result) => ({ ...result, status: 'duplicate' })),
    );
    expect(await listOf(laptop)).toEqual({
      version: 2,
      tokens: [{ id: 'bitcoin', holdings: '2' }],
    });
  });

  it('a page behind more than the log gets the whole list instead of what it missed', async () => {
    const laptop = await device();
    await send(laptop, 0, [add('bitcoin')]);
    const answer = await send(laptop, 7, [add('ethereum')]);
    expect(answer.body.missed).toBeUndefined();
    expect(answer.body.snapshot).toEqual({
      version: 2,
      tokens: [
        { id: 'ethereum', holdings: '1' },
        { id: 'bitcoin', holdings: '1' },
      ],
    });
  });

  it('marks an edit that brought back a token another device removed', async () => {
    const laptop = await device();
    const phone = await device();
    await send(laptop, 0, [add('bitcoin'), add('solana')]);
    await send(laptop, 2, [remove('solana')]);
    const edit = await send(phone, 2, [holdings('solana', '40')]);
    expect(edit.body.results[0]?.crossed).toEqual({ kind: 'remove', deviceId: laptop.deviceId });
    expect((await listOf(phone)).tokens.map((t) => t.id)).toEqual(['bitcoin', 'solana']);
  });

  it('refuses additions past 1,000 tokens, applying nothing, and says how many fit', async () => {
    const laptop = await device();
    const coins = Array.from({ length: 995 }, (_, i) => add(`coin-${i}`));
    expect((await send(laptop, 0, coins)).status).toBe(200);
    const more = Array.from({ length: 10 }, (_, i) => add(`more-${i}`));
    const refused = await send(laptop, 995, [holdings('coin-1', '5'), ...more]);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'watchlist_full',
      message: 'Your watchlist holds 1,000 tokens at most; 5 more fit.',
      room: 5,
    });
    const list = await listOf(laptop);
    expect(list.version).toBe(995);
    expect(list.tokens.find((t) => t.id === 'coin-1')?.holdings).toBe('1');
  });

  it('"Delete my saved watchlist" removes the server\'s copy at once', async () => {
    const laptop = await device();
    await send(laptop, 0, [add('bitcoin', '1')]);
    const file = path.join(
      dataDir,
      'watchlists',
      `${testAccounts.alice.address.toLowerCase()}.json`,
    );
    expect(existsSync(file)).toBe(true);
    const deleted = await laptop.fetch('/api/watchlist', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(await listOf(laptop)).toEqual({ version: 0, tokens: [] });
  });
});

test('a server restarted on the same DATA_DIR and AUTH_SECRET keeps the sign-in and the list', async () => {
  const laptop = await device();
  await send(laptop, 0, [add('bitcoin', '1.5')]);
  app?.server.closeAllConnections();
  await app?.close();
  await start();
  // The same browser (its cookie) on the restarted server.
  const again = Object.assign(new Visitor(origin), { cookie: laptop.cookie });
  expect(await listOf(again)).toEqual({ version: 1, tokens: [{ id: 'bitcoin', holdings: '1.5' }] });
});

describe('the door', () => {
  it('names what is wrong in a bad body', async () => {
    const laptop = await device();
    const cases: [object, string][] = [
      [{ baseVersion: 0, changes: [add('bitcoin')] }, 'deviceId'],
      [{ deviceId: laptop.deviceId, baseVersion: -1, changes: [add('bitcoin')] }, 'baseVersion'],
      [{ deviceId: laptop.deviceId, baseVersion: 0, changes: [] }, 'at least one change'],
      [
        { deviceId: laptop.deviceId, baseVersion: 0, changes: [{ ...add('x'), kind: 'rename' }] },
        "kind must be one of 'add', 'remove', 'holdings', 'move'",
      ],
      [
        {
          deviceId: laptop.deviceId,
          baseVersion: 0,
          changes: [holdings('bitcoin', '1'.repeat(101))],
        },
        'changes.0.holdings: holdings are at most 100 characters.',
      ],
    ];
    for (const [body, named] of cases) {
      const answer = await send(laptop, 0, [], body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_body');
      expect(answer.body.message).toContain(named);
    }
    expect((await listOf(laptop)).version).toBe(0);
  });

  it('refuses a body over 256 KB (413), not JSON (400) or of another type (415)', async () => {
    const laptop = await device();
    const big = await laptop.fetch('/api/watchlist/changes', {
      method: 'POST',
      body: JSON.stringify({ padding: 'x'.repeat(300 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'body_too_large' });
    const broken = await laptop.fetch('/api/watchlist/changes', { method: 'POST', body: '{"dev' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: 'malformed_body' });
    const text = await laptop.fetch('/api/watchlist/changes', {
      method: 'POST',
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});

describe('a store nearly full', () => {
  it('refuses what would grow a list (503: the page keeps its changes), says so in the log once, and applies removals', async () => {
    const redis = await startRedisServer();
    const admin = new Redis(redis.url);
    try {
      await app?.close();
      await start({ redisUrl: redis.url });
      const laptop = await device();
      expect((await send(laptop, 0, [add('bitcoin')])).status).toBe(200);
      // What Redis uses now is 95% of what it may use.
      const used = Number(/^used_memory:(\d+)/m.exec(await admin.info('memory'))?.[1]);
      await admin.config('SET', 'maxmemory', String(Math.ceil(used / 0.95)));
      for (const id of ['ethereum', 'solana']) {
        const refused = await laptop.fetch('/api/watchlist/changes', {
          method: 'POST',
          body: JSON.stringify({ deviceId: laptop.deviceId, baseVersion: 1, changes: [add(id)] }),
        });
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('300');
        expect(await refused.json()).toEqual({
          error: 'unavailable',
          message:
            'Your saved watchlist cannot take more changes right now; changes are kept on this device.',
        });
      }
      expect(logLines.filter((line) => line.includes('uses 90% of its room'))).toHaveLength(1);
      const removal: Change = { changeId: randomUUID(), kind: 'remove', id: 'bitcoin' };
      expect((await send(laptop, 1, [removal])).status).toBe(200);
      // Room again (no maxmemory: the machine's memory).
      await admin.config('SET', 'maxmemory', '0');
      expect((await send(laptop, 2, [add('solana')])).status).toBe(200);
      expect(await listOf(laptop)).toEqual({
        version: 3,
        tokens: [{ id: 'solana', holdings: '1' }],
      });
    } finally {
      await app?.close();
      app = undefined;
      admin.disconnect();
      await redis.remove();
    }
  });
});

describe('limits per session and per visitor address', () => {
  it('at most 60 requests a minute (429 with Retry-After)', async () => {
    const laptop = await device();
    for (let i = 0; i < 60; i += 1) expect((await laptop.fetch('/api/watchlist')).status).toBe(200);
    const refused = await laptop.fetch('/api/watchlist');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'too_many_requests' });
    // Another session of the same wallet has its own share.
    expect((await (await device()).fetch('/api/watchlist')).status).toBe(200);
  });

  it('at most 10,000 changes an hour from one address, whichever wallets and sessions send them', async () => {
    // Sessions are free (a new key, a new sign-in): each would otherwise bring its own share.
    const alice = await device(testAccounts.alice, '198.51.100.7');
    const bob = await device(testAccounts.bob, '198.51.100.7');
    for (let i = 0; i < 10; i += 1) {
      const batch = Array.from({ length: 1000 }, (_, j) => holdings('bitcoin', `${i}.${j}`));
      expect((await send(i < 5 ? alice : bob, 0, batch)).status).toBe(200);
    }
    const refused = await send(await device(testAccounts.bob, '198.51.100.7'), 0, [
      holdings('bitcoin', '1'),
    ]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'too_many_changes',
      message: expect.stringMatching(
        /^Too many changes to saved watchlists from your address this hour; try again in \d+ min\.$/,
      ),
    });
    expect((await listOf(alice)).version).toBe(5_000);
    expect((await listOf(bob)).version).toBe(5_000);
    // Another address has its own share.
    const elsewhere = await device(testAccounts.bob, '203.0.113.9');
    expect((await send(elsewhere, 5_000, [holdings('bitcoin', '2')])).status).toBe(200);
  });

  it('at most 10 open streams per session', async () => {
    const laptop = await device();
    for (let i = 0; i < 10; i += 1) {
      const stream = await openStream(laptop);
      expect(stream.response.status).toBe(200);
    }
    const refused = await laptop.fetch('/api/watchlist/events', {
      headers: { accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'too_many_streams' });
    // A stream that ends frees its place (once the server has seen it close).
    await streams.pop()?.close();
    let status = 429;
    for (let tries = 0; status === 429 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await openStream(laptop);
      status = again.response.status;
    }
    expect(status).toBe(200);
  });

  it('a HEAD of the stream is answered at once and holds none of its places', async () => {
    const laptop = await device();
    for (let i = 0; i < 10; i += 1) {
      const head = await laptop.fetch('/api/watchlist/events', {
        method: 'HEAD',
        headers: { accept: 'text/event-stream' },
        signal: AbortSignal.timeout(5_000),
      });
      expect(head.status).toBe(404);
    }
    expect((await openStream(laptop)).response.status).toBe(200);
  });
});

describe('private to the wallet', () => {
  const routes = [
    ['GET', '/api/watchlist'],
    ['POST', '/api/watchlist/changes'],
    ['DELETE', '/api/watchlist'],
    ['GET', '/api/watchlist/events'],
  ] as const;

  async function aliceWithList() {
    const laptop = await device();
    await send(laptop, 0, [add('bitcoin', '12.5')]);
    return laptop;
  }

  it('a signed-out request gets nothing (401 on every route)', async () => {
    await aliceWithList();
    const stranger = new Visitor(origin);
    for (const [method, route] of routes) {
      const answer = await stranger.json<WatchlistError>(route, {
        method,
        ...(method === 'POST' && { body: '{}' }),
        headers: { accept: 'text/event-stream, application/json' },
      });
      expect([method, route, answer.status, answer.body.error]).toEqual([
        method,
        route,
        401,
        'signed_out',
      ]);
    }
  });

  it("another wallet's session reads and deletes only its own list", async () => {
    const alice = await aliceWithList();
    const bob = await device(testAccounts.bob);
    expect(await listOf(bob)).toEqual({ version: 0, tokens: [] });
    // Naming Alice's address changes nothing: the session alone says whose list it is.
    const query = await bob.json<WalletWatchlist>(
      `/api/watchlist?address=${testAccounts.alice.address}`,
    );
    expect(query.body).toEqual({ version: 0, tokens: [] });
    expect((await bob.fetch('/api/watchlist', { method: 'DELETE' })).status).toBe(204);
    expect((await listOf(alice)).tokens).toEqual([{ id: 'bitcoin', holdings: '12.5' }]);
  });

  it('a forged address in the body is refused', async () => {
    const alice = await aliceWithList();
    const bob = await device(testAccounts.bob);
    const forged = await send(bob, 1, [], {
      address: testAccounts.alice.address,
      deviceId: bob.deviceId,
      baseVersion: 1,
      changes: [remove('bitcoin')],
    });
    expect(forged.status).toBe(400);
    expect((await listOf(alice)).tokens).toHaveLength(1);
  });

  it('a cross-site request gets nothing (403), even with the cookie', async () => {
    const alice = await aliceWithList();
    const evil = { origin: 'https://evil.example' };
    const post = await alice.fetch('/api/watchlist/changes', {
      method: 'POST',
      body: JSON.stringify({
        deviceId: alice.deviceId,
        baseVersion: 1,
        changes: [remove('bitcoin')],
      }),
      headers: evil,
    });
    expect(post.status).toBe(403);
    expect(await post.json()).toMatchObject({ error: 'cross_site' });
    expect((await alice.fetch('/api/watchlist', { method: 'DELETE', headers: evil })).status).toBe(
      403,
    );
    const read = await alice.fetch('/api/watchlist', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(403);
    const stream = await alice.fetch('/api/watchlist/events', {
      headers: { 'sec-fetch-site': 'cross-site', accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(403);
    expect((await listOf(alice)).tokens).toHaveLength(1);
  });

  it('a forged or ended session gets nothing', async () => {
    const alice = await aliceWithList();
    const seal = decodeURIComponent(alice.cookie.slice(`${SESSION_COOKIE}=`.length));
    const { sessionId } = await unsealData<{ sessionId: string }>(seal, { password: SECRET });
    // The same session id sealed with another secret, a tampered seal, a made-up value.
    const otherSecret = await sealData({ sessionId }, { password: 'x'.repeat(40) });
    for (const value of [otherSecret, `${seal.slice(0, -4)}AAAA`, 'Fe26.2**forged']) {
      const forger = new Visitor(origin);
      forger.cookie = `${SESSION_COOKIE}=${encodeURIComponent(value)}`;
      expect((await forger.fetch('/api/watchlist')).status).toBe(401);
    }
    // A copy of the cookie after Sign out.
    const copy = new Visitor(origin);
    copy.cookie = alice.cookie;
    await alice.signOut();
    expect((await copy.fetch('/api/watchlist')).status).toBe(401);
  });
});

describe('the event stream', () => {
  it("starts with the whole list, then sends each device's changes as they are applied", async () => {
    const laptop = await device();
    const phone = await device();
    await send(laptop, 0, [add('bitcoin', '1')]);
    const stream = await openStream(phone);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(await stream.next()).toEqual({
      event: 'snapshot',
      id: '1',
      data: { version: 1, tokens: [{ id: 'bitcoin', holdings: '1' }] },
    });
    const edit = holdings('bitcoin', '2');
    await send(laptop, 1, [edit]);
    expect(await stream.next()).toEqual({
      event: 'changes',
      id: '2',
      data: { version: 2, changes: [{ version: 2, deviceId: laptop.deviceId, change: edit }] },
    });
    expect(stream.retry).toBe(2000);
  });

  it('catches up from Last-Event-ID (over since), or sends the list when the log does not reach back', async () => {
    const laptop = await device();
    await send(laptop, 0, [add('bitcoin'), add('ethereum'), holdings('bitcoin', '5')]);
    const behind = await openStream(laptop, '?since=0', '1');
    expect(await behind.next()).toMatchObject({ event: 'changes', id: '3', data: { version: 3 } });
    const ahead = await openStream(laptop, '?since=9');
    expect(await ahead.next()).toMatchObject({ event: 'snapshot', id: '3' });
    const bad = await laptop.fetch('/api/watchlist/events?since=-1', {
      headers: { accept: 'text/event-stream' },
    });
    expect(bad.status).toBe(400);
  });

  it('tells open pages when the list is deleted', async () => {
    const laptop = await device();
    const phone = await device();
    await send(laptop, 0, [add('bitcoin')]);
    const stream = await openStream(phone, '?since=1');
    await laptop.fetch('/api/watchlist', { method: 'DELETE' });
    expect(await stream.next()).toEqual({ event: 'deleted', id: null, data: {} });
  });

  it('ends with signed-out when the session signs out', async () => {
    const laptop = await device();
    const stream = await openStream(laptop);
    expect(await stream.next()).toMatchObject({ event: 'snapshot' });
    await new Visitor(origin).fetch('/api/watchlist'); // another visitor: no effect
    const tab = new Visitor(origin);
    tab.cookie = laptop.cookie; // another tab of the same browser signs out
    await tab.signOut();
    expect(await stream.next()).toEqual({
      event: 'signed-out',
      id: null,
      data: { reason: 'signed_out' },
    });
    expect(await stream.next()).toBe('end');
  });

  it('sends a heartbeat event while quiet; its timer ends with the stream', async () => {
    await app?.close();
    await start({ streamHeartbeatMs: 100 });
    const laptop = await device();
    await listOf(laptop); // the request limit's own timer, before counting
    const timers = () =>
      process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const stream = await openStream(laptop);
    expect(await stream.next()).toMatchObject({ event: 'snapshot' });
    // A named event (EventSource shows the page no comment), nothing in its id.
    expect(await stream.next()).toEqual({ event: 'heartbeat', id: null, data: {} });
    expect(await stream.next()).toEqual({ event: 'heartbeat', id: null, data: {} });
    expect(stream.comments).toEqual([]);
    const tab = new Visitor(origin);
    tab.cookie = laptop.cookie;
    await tab.signOut();
    expect(await stream.next()).toMatchObject({ event: 'signed-out' });
    expect(await stream.next()).toBe('end');
    const deadline = Date.now() + 2_000;
    while (timers() > before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('a graceful stop ends every stream', async () => {
    const laptop = await device();
    const stream = await openStream(laptop);
    expect(await stream.next()).toMatchObject({ event: 'snapshot' });
    const closed = app?.close();
    expect(await stream.next()).toBe('end');
    await closed;
    app = undefined;
  });
});

test('logs never contain holdings or lists, even when the store fails', async () => {
  const laptop = await device();
  const stream = await openStream(laptop);
  await send(laptop, 0, [add('wrapped-secret-coin', '123.456789')]);
  await laptop.fetch('/api/watchlist');
  await stream.next();
  // A server without a store: every request fails there, and is logged.
  await app?.close();
  await start({ dir: null });
  const again = await device();
  expect((await send(again, 0, [add('wrapped-secret-coin', '123.456789')])).status).toBe(503);
  expect((await again.json<WatchlistError>('/api/watchlist')).body).toEqual({
    error: 'unavailable',
    message: 'Your saved watchlist cannot be reached right now; changes are kept on this device.',
  });
  const logged = logLines.join('');
  expect(logged).toContain('Saved watchlists');
  expect(logged).not.toMatch(/wrapped-secret-coin|123\.456789/);
});
