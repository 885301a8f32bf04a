import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import ky from 'ky';
import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import {
  fetchMarketsBatch,
  fetchMarketsForIds,
} from '@token-portfolio/shared/prices/fetchMarketsForIds';
import { configureMarket } from '@token-portfolio/shared/market/settings';
import { InternalServerError, RateLimitError } from '@token-portfolio/shared/market/errors';
import { toMarketError } from '@token-portfolio/shared/market/http';
import type { CoinMarket } from '@token-portfolio/shared/market/types';
import { readServerConfig } from '../config';
import { MarketGateway } from './marketGateway';
import { marketGatewayPlugin } from './plugin';

let fixtures: RunningFixtureServer;
let app: FastifyInstance | undefined;
let gateway: MarketGateway;
/** The gateway's base URL, e.g. http://127.0.0.1:1234/api/market. */
let base: string;

beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(() => fixtures.close());
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A gateway configured from these variables, with the fixture server as its upstream. */
async function startGateway(
  env: Record<string, string> = {},
  cacheBytes?: number,
  upstream: RunningFixtureServer = fixtures,
) {
  await app?.close();
  upstream.reset();
  const { marketGateway } = readServerConfig({ MARKET_API_URL: upstream.url, ...env });
  if (!marketGateway) throw new Error('gateway mode expected');
  gateway = new MarketGateway(
    { ...marketGateway, cacheBytes: cacheBytes ?? marketGateway.cacheBytes },
    { log: { warn: () => {}, error: () => {} } },
  );
  app = Fastify({ trustProxy: true });
  await app.register(marketGatewayPlugin, { prefix: '/api/market', gateway, corsOrigins: [] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/market`;
  configureMarket({ baseUrl: base, apiKey: null, plan: 'demo' });
}

const pricesPath = (ids: string[], extra = '&sparkline=true&price_change_percentage=24h') =>
  `/coins/markets?vs_currency=usd&ids=${ids.join(',')}&per_page=${ids.length}&page=1${extra}`;
const get = (path: string, client = '10.0.0.1') =>
  fetch(`${base}${path}`, { headers: { 'x-forwarded-for': client } });
const idsOf = async (response: Response) =>
  ((await response.json()) as CoinMarket[]).map((coin) => coin.id);
const upstreamCalls = (path: string) => fixtures.requests().filter((r) => r.path === path);

describe('watched prices come from one cache of per-coin entries', () => {
  test('order kept, unknown ids left out (null for the client) and never asked upstream, only missing ids upstream', async () => {
    await startGateway();
    const first = await get(pricesPath(['ethereum', 'not-a-coin', 'bitcoin']));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-market-cache')).toBe('miss');
    expect(await idsOf(first)).toEqual(['ethereum', 'bitcoin']);

    // The widgets' own client, through the gateway: the not-found id is cached too.
    const coins = await fetchMarketsForIds(['bitcoin', 'not-a-coin', 'solana']);
    expect(coins.map((coin) => coin?.id ?? null)).toEqual(['bitcoin', null, 'solana']);
    expect(coins[2]?.sparkline_in_7d?.price).toHaveLength(168);
    // Ids CoinGecko's coin list (one call) does not know never cost a markets call.
    expect(upstreamCalls('/coins/markets').map((r) => r.query['ids'])).toEqual([
      'ethereum,bitcoin',
      'solana',
    ]);
    expect(upstreamCalls('/coins/list')).toHaveLength(1);
    expect(upstreamCalls('/coins/markets')[1]?.query).toMatchObject({
      per_page: '1',
      sparkline: 'true',
      price_change_percentage: '24h',
    });

    const bare = await get(pricesPath(['solana', 'ethereum'], ''));
    expect(bare.headers.get('x-market-cache')).toBe('hit');
    const [solana] = (await bare.json()) as Record<string, unknown>[];
    expect(solana).toMatchObject({ id: 'solana', current_price: 196.78 });
    expect(solana).not.toHaveProperty('sparkline_in_7d');
    expect(solana).not.toHaveProperty('price_change_percentage_24h_in_currency');
    expect(upstreamCalls('/coins/markets')).toHaveLength(2);
  });

  test('a thousand cold tokens cost four upstream calls of at most 250 ids', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `token-${i}`);
    const thousand = await startFixtureServer({
      coins: ids.map((id, i) => ({
        id,
        symbol: `t${i}`,
        name: `Token ${i}`,
        price: 1 + i / 100,
        marketCap: 1_000_000 - i,
        change24h: 0.5,
        color: '#5b6b7c',
      })),
    });
    await startGateway({}, undefined, thousand);
    const coins = await fetchMarketsForIds(ids);
    await thousand.close();
    expect(coins.map((coin) => coin?.id)).toEqual(ids);
    const calls = thousand
      .requests()
      .filter((r) => r.path === '/coins/markets')
      .map((r) => r.query['ids']?.split(',') ?? []);
    expect(calls.map((batch) => batch.length)).toEqual([250, 250, 250, 250]);
    expect(calls.flat().sort()).toEqual([...ids].sort());
  });

  test('visitors arriving together share upstream calls: no coin is asked for twice', async () => {
    await startGateway();
    const watchlists = [
      ['bitcoin', 'ethereum', 'solana'],
      ['ethereum', 'dogecoin'],
      ['solana', 'ripple', 'cardano', 'bitcoin'],
      ['tron', 'ethereum'],
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(pricesPath(watchlists[i % 4] ?? []), `10.0.0.${i}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await idsOf(answers[2] as Response)).toEqual(['solana', 'ripple', 'cardano', 'bitcoin']);
    const asked = upstreamCalls('/coins/markets').flatMap((r) => r.query['ids']?.split(',') ?? []);
    expect(asked.sort()).toEqual([...new Set(watchlists.flat())].sort());
  });
});

describe('searches, Trending pages and the coins list are shared', () => {
  test('identical requests in flight share one upstream call, then the cache answers', async () => {
    await startGateway();
    const searches = await Promise.all(
      Array.from({ length: 10 }, (_, i) => get(`/search?query=${i % 2 ? 'SOL' : 'sol'}`)),
    );
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => get('/coins/markets?vs_currency=usd&page=1&per_page=12')),
    );
    expect([...searches, ...pages].every((answer) => answer.status === 200)).toBe(true);
    expect(upstreamCalls('/search')).toHaveLength(1);
    expect(upstreamCalls('/coins/markets')).toHaveLength(1);
    expect(await idsOf(pages[0] as Response)).toHaveLength(12);

    const list = await get('/coins/list?include_platform=true');
    const again = await get('/coins/list?include_platform=true');
    const coins = (await again.json()) as { id: string; platforms: Record<string, string> }[];
    // Shared caches keep the list for the rest of its day (counted from the upstream
    // answer, so a loaded machine may already have spent a second or two of it).
    const sharedSeconds = Number(
      /s-maxage=(\d+)/.exec(list.headers.get('cache-control') ?? '')?.[1],
    );
    expect(sharedSeconds).toBeGreaterThan(86_400 - 60);
    expect(sharedSeconds).toBeLessThanOrEqual(86_400);
    expect(coins.find((coin) => coin.id === 'tether')?.platforms['ethereum']).toBe(
      '0xdac17f958d2ee523a2206206994597c13d831ec7',
    );
    expect(upstreamCalls('/coins/list')).toHaveLength(1);
  });
});

describe('when the upstream fails, visitors get the last known data', () => {
  test('marked stale with its age, after an upstream 500', async () => {
    await startGateway({ MARKET_GATEWAY_FRESH_SECONDS: '1' });
    await get(pricesPath(['ethereum', 'bitcoin']));
    fixtures.setMode({ mode: '500' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const stale = await get(pricesPath(['bitcoin', 'ethereum']));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-market-cache')).toBe('stale');
    expect(Number(stale.headers.get('x-market-stale'))).toBeGreaterThanOrEqual(1);
    expect(stale.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-if-error=86400',
    );
    expect(await idsOf(stale)).toEqual(['bitcoin', 'ethereum']);
    expect(upstreamCalls('/coins/markets')).toHaveLength(2);
  });

  test("which the page reads as stale, dated by the oldest coin's fetch (Last-Modified)", async () => {
    await startGateway({ MARKET_GATEWAY_FRESH_SECONDS: '1' });
    const fetchedAt = async (ids: string[]) => {
      const { coins, stale } = await fetchMarketsBatch(ids);
      expect(stale).toBe(false);
      return coins[0]?.last_updated;
    };
    const ethereumAt = await fetchedAt(['ethereum']);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const bitcoinAt = await fetchedAt(['bitcoin']);
    expect(Date.parse(bitcoinAt ?? '')).toBeGreaterThan(Date.parse(ethereumAt ?? ''));

    fixtures.setMode({ mode: '500' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const kept = await fetchMarketsBatch(['bitcoin', 'ethereum']);
    expect(kept.stale).toBe(true);
    // One time for the answer, the older coin's: its prices are never said newer than they are.
    expect(kept.coins.map((coin) => [coin?.id, coin?.last_updated])).toEqual([
      ['bitcoin', ethereumAt],
      ['ethereum', ethereumAt],
    ]);
  });

  test('without waiting for an upstream that does not answer', async () => {
    await startGateway({ MARKET_GATEWAY_FRESH_SECONDS: '1' });
    await get('/search?query=eth');
    await get(pricesPath(['ethereum']));
    fixtures.setMode({ mode: 'hang' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The search is still fresh (60 s); the price is stale and its refresh hangs.
    const [price, search] = await Promise.all([
      get(pricesPath(['ethereum'])),
      get('/search?query=eth'),
    ]);
    expect(price.status).toBe(200);
    expect(price.headers.get('x-market-cache')).toBe('stale');
    expect(search.headers.get('x-market-cache')).toBe('hit');
  }, 20_000);

  test('with nothing cached: 503 or 429 with Retry-After, which the client maps to its errors', async () => {
    await startGateway();
    fixtures.setMode({ mode: '500' });
    const failing = await get('/search?query=btc');
    expect(failing.status).toBe(503);
    expect(Number(failing.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await failing.json()).toEqual({
      error: expect.stringMatching(/^Market data is unavailable \(the provider answered 500\)/),
    });
    const asClientSeesIt = await ky
      .get(`${base}/search?query=doge`, { retry: 0 })
      .catch((error: unknown) => toMarketError(error));
    expect(asClientSeesIt).toBeInstanceOf(InternalServerError);
    expect(asClientSeesIt).toMatchObject({ status: 503 });

    await startGateway();
    fixtures.setMode({ mode: '429', retryAfter: 30 });
    const limited = await ky
      .get(`${base}${pricesPath(['ethereum'])}`, { retry: 0 })
      .catch((error: unknown) => toMarketError(error));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect(limited).toMatchObject({ status: 429 });
  });

  test('an upstream 429 pauses every upstream call for its Retry-After', async () => {
    await startGateway();
    fixtures.setMode({ mode: '429', retryAfter: 30, times: 1 });
    const first = await get(pricesPath(['ethereum']));
    const second = await get('/search?query=sol');
    expect([first.status, second.status]).toEqual([429, 429]);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(20);
    expect(fixtures.requests()).toHaveLength(1);
  });
});

describe('the budget is a hard limit', () => {
  test('calls beyond it are refused, not sent; price lookups keep their share', async () => {
    await startGateway({
      MARKET_GATEWAY_CALLS_PER_MINUTE: '4',
      MARKET_GATEWAY_SEARCHES_PER_CLIENT: '100',
    });
    const searches = await Promise.all(
      ['btc', 'eth', 'sol', 'doge', 'xrp', 'ada'].map((query) => get(`/search?query=${query}`)),
    );
    const statuses = searches.map((answer) => answer.status).sort();
    // 4 a minute, half of them kept for prices: two searches go.
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = searches.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(upstreamCalls('/search')).toHaveLength(2);

    const prices = await get(pricesPath(['ethereum']));
    expect(prices.status).toBe(200);
    expect(gateway.usage().callsLastMinute).toBe(3);
  });

  test('new searches are limited per client address; cached ones are not', async () => {
    await startGateway({ MARKET_GATEWAY_SEARCHES_PER_CLIENT: '2' });
    expect((await get('/search?query=btc', '10.0.0.1')).status).toBe(200);
    expect((await get('/search?query=eth', '10.0.0.1')).status).toBe(200);
    const third = await get('/search?query=sol', '10.0.0.1');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({
      error: expect.stringMatching(
        /^Too many new searches from this address; try again in \d+ s\.$/,
      ),
    });
    expect((await get('/search?query=btc', '10.0.0.1')).status).toBe(200);
    expect((await get('/search?query=sol', '10.0.0.2')).status).toBe(200);
    expect(upstreamCalls('/search')).toHaveLength(3);
  });
});

describe('each visitor has a fair share of the budget, on every route that costs a call', () => {
  /** The fixture's coins, each its own lookup. */
  const COINS = ['bitcoin', 'ethereum', 'tether', 'binancecoin', 'ripple', 'solana'];

  test('price lookups: past its share a visitor gets 429 with Retry-After; others are served', async () => {
    await startGateway({ MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: '4' });
    const statuses = [];
    for (const id of COINS.slice(0, 5))
      statuses.push((await get(pricesPath([id]), '10.0.0.66')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await get(pricesPath(['cardano']), '10.0.0.66');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(
        /^Too many new price lookups from this address; try again in \d+ s\.$/,
      ),
    });
    // What is cached is still answered to it; another visitor gets new coins.
    expect((await get(pricesPath(['bitcoin']), '10.0.0.66')).status).toBe(200);
    expect((await get(pricesPath(['cardano', 'solana']), '10.0.0.7')).status).toBe(200);
    expect(upstreamCalls('/coins/markets')).toHaveLength(5);
  });

  test('market pages with changing page and per_page: limited per visitor', async () => {
    await startGateway({ MARKET_GATEWAY_PAGES_PER_CLIENT: '3' });
    const page = (n: number, perPage: number) =>
      `/coins/markets?vs_currency=usd&page=${n}&per_page=${perPage}`;
    const statuses = [];
    for (let n = 1; n <= 5; n++) statuses.push((await get(page(n, 7 + n), '10.0.0.66')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await get(page(1, 8), '10.0.0.66')).headers.get('x-market-cache')).toBe('hit');
    expect((await get(page(1, 12), '10.0.0.7')).status).toBe(200);
    expect(upstreamCalls('/coins/markets')).toHaveLength(4);
  });

  test('the report’s flood: 250 unknown ids, four at a time, cost no markets call', async () => {
    await startGateway({ MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: '4' });
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          get(
            pricesPath(Array.from({ length: 250 }, (_, j) => `no-coin-${round}-${i}-${j}`)),
            '10.0.0.66',
          ),
        ),
      );
      for (const answer of answers) expect(await answer.json()).toEqual([]);
    }
    expect(upstreamCalls('/coins/markets')).toHaveLength(0);
    expect(upstreamCalls('/coins/list')).toHaveLength(1);
    // The visitor's share is untouched: its real coins are still looked up.
    expect((await get(pricesPath(['bitcoin']), '10.0.0.66')).status).toBe(200);
  });

  test('the coin list is fetched once a day, even when it is larger than the cache', async () => {
    const list = await (await fetch(`${fixtures.url}/coins/list?include_platform=true`)).text();
    await startGateway({}, Math.floor(list.length / 2));
    for (const id of ['bitcoin', 'ethereum', 'no-such-coin', 'solana']) {
      expect((await get(pricesPath([id]))).status).toBe(200);
    }
    expect(upstreamCalls('/coins/list')).toHaveLength(1);
    expect(upstreamCalls('/coins/markets')).toHaveLength(3);
  });

  test('a cached answer is compressed once and the same for every encoding', async () => {
    await startGateway();
    const target = pricesPath(COINS);
    const plain = await (await get(target)).text();
    const bodies = await Promise.all(
      ['br', 'gzip', 'br', 'identity'].map(async (encoding) => {
        const response = await fetch(`${base}${target}`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(response.headers.get('vary')).toMatch(/accept-encoding/);
        expect(response.headers.get('content-encoding')).toBe(
          encoding === 'identity' ? null : encoding,
        );
        return response.text(); // fetch decodes br and gzip
      }),
    );
    expect(bodies).toEqual([plain, plain, plain, plain]);
  });
});

test('memory stays under the cap: the least recently used coins go first', async () => {
  // A coin with its 7-day sparkline is 2 to 3 KB of text: room for three or four.
  await startGateway({}, 10_000);
  const ids = ['bitcoin', 'ethereum', 'tether', 'binancecoin', 'ripple', 'solana'];
  expect(await idsOf(await get(pricesPath(ids)))).toEqual(ids);
  expect(gateway.usage().cacheBytes).toBeLessThanOrEqual(10_000);

  expect((await get(pricesPath(['solana']))).headers.get('x-market-cache')).toBe('hit');
  expect((await get(pricesPath(['bitcoin']))).headers.get('x-market-cache')).toBe('miss');
  expect(upstreamCalls('/coins/markets')).toHaveLength(2);
});
