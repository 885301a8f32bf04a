import { fork } from 'node:child_process';
import { Agent, get as httpGet } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFixtureServer } from '@token-portfolio/shared/fixtures';
import type { MarketGateway } from '../../server/src/marketGateway/marketGateway';
import type { GatewayProcessReady } from './gatewayProcess';
import { fetchMarketsForIds } from '../../shared/src/prices/fetchMarketsForIds';
import { configureMarket } from '../../shared/src/market/settings';
import { seededRandom } from '../../shared/src/samples/seededRandom';
import { syntheticCoinRows, THOUSAND } from '../syntheticCoins';

const SECOND = 1_000;
const VISITORS = 500;
const COINS = 300;
const REFRESH_EVERY_MS = 10 * SECOND;
const LOAD_MS = 60 * SECOND;
/** CoinGecko answers 429 (with Retry-After), then 500, while visitors go on refreshing. */
const RATE_LIMITED_MS = 5 * SECOND;
const FAILING_MS = 20 * SECOND;
/** Share of visitors who open Add Token (Trending page 1) and search once. */
const SEARCHING_SHARE = 0.3;
/** What visitors type, as a popularity list: most search for the big names. */
const SEARCHES = ['btc', 'eth', 'sol', 'doge', 'xrp', 'usdc', 'bnb', 'pepe', 'link', 'ada'];

export interface VisitorRequest {
  at: number;
  target: string;
  client: string;
  /** The answer (or an equal one) was given before: it is cached at the gateway. */
  cachedBefore: boolean;
}

export interface Answer {
  target: string;
  startedAt: number;
  status: number;
  cache: string | null;
  ms: number;
  cachedBefore: boolean;
}

export interface GatewayFigures {
  /** Upstream calls for one visitor's refresh of 1,000 cold tokens. */
  oneColdRefreshCalls: number;
  mostUpstreamCallsPerMinute: number;
  failedUnderLoad: number;
  cacheAnswerP99Ms: number | null;
  failedDuringFaultsWhereCached: number;
  cacheMb: number;
  cacheCapMb: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type GatewayUsage = ReturnType<MarketGateway['usage']>;

/** The gateway in a process of its own (gatewayProcess.ts), with this upstream. */
async function startGatewayProcess(upstreamUrl: string) {
  const child = fork(path.join(import.meta.dirname, 'gatewayProcess.ts'), [upstreamUrl], {
    execArgv: ['--import', 'tsx'],
  });
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (message) => resolve(message as T));
      child.once('exit', (code) => reject(new Error(`The gateway process exited (${code})`)));
    });
  const { base, capBytes } = await nextMessage<GatewayProcessReady>();
  return {
    base,
    capBytes,
    usage: () => {
      child.send('usage');
      return nextMessage<GatewayUsage>();
    },
    close: () => {
      child.send('stop');
      return new Promise<void>((resolve) => child.once('exit', () => resolve()));
    },
  };
}

/** One visitor's refresh of 1,000 tokens through a cold gateway, with the widgets' client. */
async function oneColdRefresh(): Promise<number> {
  const rows = syntheticCoinRows(THOUSAND);
  const fixtures = await startFixtureServer({ coins: rows });
  const { base, close } = await startGatewayProcess(fixtures.url);
  try {
    configureMarket({ baseUrl: base, apiKey: null, plan: 'demo' });
    const coins = await fetchMarketsForIds(rows.map((row) => row.id));
    if (coins.some((coin) => coin === null)) throw new Error('Coins missing from the refresh');
    // The price calls; the coin list (one call a day for all visitors) is not the refresh's.
    return fixtures.requests().filter((request) => request.path === '/coins/markets').length;
  } finally {
    await close();
    await fixtures.close();
  }
}

/** The requests of 500 visitors, in time order, as the composed page would send them. */
export function visitorRequests(ids: string[], runMs: number): VisitorRequest[] {
  const random = seededRandom('gateway-bench');
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const requests: Omit<VisitorRequest, 'cachedBefore'>[] = [];
  for (let visitor = 0; visitor < VISITORS; visitor += 1) {
    const client = `10.${visitor >> 8}.${visitor & 255}.7`;
    const size = 5 + Math.floor(random() * 46);
    const watched = [...ids];
    for (let i = 0; i < size; i += 1) {
      // The first `size` places of a Fisher-Yates shuffle: `size` coins drawn uniformly.
      const j = i + Math.floor(random() * (watched.length - i));
      [watched[i], watched[j]] = [watched[j] ?? '', watched[i] ?? ''];
    }
    watched.length = size;
    const prices =
      `/coins/markets?vs_currency=usd&ids=${watched.join(',')}&per_page=${size}` +
      '&page=1&sparkline=true&price_change_percentage=24h';
    for (let at = random() * REFRESH_EVERY_MS; at < runMs; at += REFRESH_EVERY_MS) {
      requests.push({ at, target: prices, client });
    }
    if (random() < SEARCHING_SHARE) {
      const at = 5 * SECOND + random() * (LOAD_MS - 10 * SECOND);
      // Popular terms more often: the square leans towards the top of the list.
      const query = SEARCHES[Math.floor(random() ** 2 * SEARCHES.length)] ?? 'btc';
      requests.push({ at, target: '/coins/markets?vs_currency=usd&page=1&per_page=12', client });
      requests.push({ at: at + 1_500, target: `/search?query=${query}`, client });
      if (random() < 0.3)
        requests.push({ at: at + 3_000, target: `/search?query=${pick(SEARCHES)}`, client });
    }
  }
  requests.sort((a, b) => a.at - b.at);
  // Cached: the same request (for prices, the visitor's own watchlist) was made before.
  const seen = new Set<string>();
  return requests.map((request) => {
    const cachedBefore = seen.has(request.target);
    seen.add(request.target);
    return { ...request, cachedBefore };
  });
}

/**
 * One visitor request over node:http with keep-alive: the answer is read to its end but not
 * kept, so the load generator's own garbage collection does not show up as answer time.
 */
export function send(
  base: string,
  agent: Agent,
  request: VisitorRequest,
  startedAt: number,
): Promise<Answer> {
  const t0 = performance.now();
  const { target, cachedBefore } = request;
  const answer = (status: number, cache: string | null): Answer => ({
    target,
    startedAt,
    status,
    cache,
    ms: performance.now() - t0,
    cachedBefore,
  });
  return new Promise((resolve) => {
    httpGet(
      `${base}${target}`,
      { agent, headers: { 'x-forwarded-for': request.client } },
      (response) => {
        const cache = response.headers['x-market-cache'];
        response.resume();
        response.on('end', () =>
          resolve(answer(response.statusCode ?? 0, typeof cache === 'string' ? cache : null)),
        );
        response.on('error', () => resolve(answer(0, null)));
      },
    ).on('error', () => resolve(answer(0, null)));
  });
}

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

export function mostInAnyMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; start < sorted.length; start += 1) {
    while (end < sorted.length && (sorted[end] ?? 0) < (sorted[start] ?? 0) + 60 * SECOND) end += 1;
    most = Math.max(most, end - start);
  }
  return most;
}

/**
 * The gateway under load (bench/README.md): 500 visitors, each watching 5 to 50 of 300
 * coins and refreshing every 10 s for 60 s, a third of them opening Add Token and
 * searching; then the market API answers 429 and 500 for 25 s while they go on.
 */
export async function measureGateway(notes: string[]): Promise<GatewayFigures> {
  const oneColdRefreshCalls = await oneColdRefresh();

  const rows = syntheticCoinRows(COINS);
  const fixtures = await startFixtureServer({ coins: rows });
  const { base, capBytes, usage: gatewayUsage, close } = await startGatewayProcess(fixtures.url);
  const runMs = LOAD_MS + RATE_LIMITED_MS + FAILING_MS;
  const requests = visitorRequests(
    rows.map((row) => row.id),
    runMs,
  );
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const started = performance.now();
    const faults = (async () => {
      await sleep(LOAD_MS);
      fixtures.setMode({ mode: '429', retryAfter: RATE_LIMITED_MS / SECOND });
      await sleep(RATE_LIMITED_MS);
      fixtures.setMode({ mode: '500' });
      await sleep(FAILING_MS);
      fixtures.setMode({ mode: 'ok' });
    })();
    const answers = await Promise.all(
      requests.map(async (request) => {
        await sleep(request.at - (performance.now() - started));
        return send(base, agent, request, performance.now() - started);
      }),
    );
    await faults;
    agent.destroy();

    const underLoad = answers.filter((answer) => answer.startedAt < LOAD_MS);
    const duringFaults = answers.filter((answer) => answer.startedAt >= LOAD_MS);
    const fromCache = answers.filter((answer) => answer.cache === 'hit');
    const upstreamTimes = fixtures.requests().map((request) => request.at);
    const usage = await gatewayUsage();
    const count = (list: Answer[], test: (answer: Answer) => boolean) => list.filter(test).length;
    notes.push(
      `Gateway load: ${answers.length} visitor requests (${underLoad.length} in the 60 s load, ` +
        `${duringFaults.length} during the 25 s of upstream faults); answered from cache ` +
        `${fromCache.length}, after an upstream call ${count(answers, (a) => a.cache === 'miss')}, ` +
        `stale ${count(answers, (a) => a.cache === 'stale')}, failed ${count(answers, (a) => a.status !== 200)}; ` +
        `${upstreamTimes.length} upstream calls in all (${count(duringFaults, (a) => a.status !== 200 && !a.cachedBefore)} ` +
        `requests failed during the faults with nothing cached). Answer time from cache: median ` +
        `${percentile(
          fromCache.map((a) => a.ms),
          50,
        )?.toFixed(1)} ms, p99 ` +
        `${percentile(
          fromCache.map((a) => a.ms),
          99,
        )?.toFixed(1)} ms, measured by the load generator ` +
        '(this process, with the fixture API) over loopback, the gateway in a process of its own. Visitors: watchlists of 5 to 50 coins drawn ' +
        'uniformly from 300 (the 45 fixture coins and 255 synthetic wrapped/bridged/staked ones), ' +
        'first refresh at a random moment of the first 10 s; 30% open Add Token (Trending page 1) ' +
        'and search a popular term, some a second one; each visitor has its own address ' +
        '(X-Forwarded-For, as behind a proxy). The gateway runs with the demo plan defaults.',
      `Gateway memory after the run: ${(usage.cacheBytes / 2 ** 20).toFixed(1)} MB of cached ` +
        `text in ${usage.cacheEntries} entries (cap ${capBytes / 2 ** 20} MB); the whole bench ` +
        `process held ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB of JS heap.`,
      `Market requests, one refresh of 1,000 tokens: a cold gateway (the fixture API knowing 1,000 coins) and one visitor's refresh through the widgets' own client (4 requests of 250 ids); the markets calls are counted, not the coin list the cold gateway also fetches (one call a day for all visitors, so that ids CoinGecko does not know cost no call).`,
    );
    return {
      oneColdRefreshCalls,
      mostUpstreamCallsPerMinute: mostInAnyMinute(upstreamTimes),
      failedUnderLoad: count(underLoad, (answer) => answer.status !== 200),
      cacheAnswerP99Ms: percentile(
        fromCache.map((answer) => answer.ms),
        99,
      ),
      failedDuringFaultsWhereCached: count(
        duringFaults,
        (answer) => answer.cachedBefore && answer.status !== 200,
      ),
      cacheMb: usage.cacheBytes / 2 ** 20,
      cacheCapMb: capBytes / 2 ** 20,
    };
  } finally {
    await close();
    await fixtures.close();
  }
}
