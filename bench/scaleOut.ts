// Three composed servers sharing one Redis, as docs/deploying.md#several-servers runs them:
// the plan held across them, answers from the shared cache, and a rolling restart under
// load. Alone: `npx tsx bench/scaleOut.ts` records its figures into bench/results.json.
import { Agent } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFixtureServer } from '@token-portfolio/shared/fixtures';
import { startRedisServer } from '@token-portfolio/shared/server/testing/redisServer';
import { freePort } from '../e2e/support/freePort';
import { startNginxInFront } from '../e2e/support/nginxGateway';
import { startServerProcess, type ServerProcess } from '../e2e/support/serverProcess';
import { mostInAnyMinute, percentile, send, visitorRequests } from './measure/gateway';
import { figure, recordAlone, type Figure } from './report';
import { syntheticCoinRows } from './syntheticCoins';

const SECOND = 1_000;
const LOAD_MS = 70 * SECOND;
/** Rolling restart: request loops through nginx while each server in turn restarts. */
const RESTART_LOOPS = 16;

export const SCALE_OUT_FIGURES = {
  plan: 'Gateway across 3 servers: upstream calls per minute at most the plan',
  cache: 'Gateway across 3 servers: answer time from the shared cache, p99',
  restart: 'Rolling restart of 3 servers under load: failed requests',
} as const;

export interface ScaleOut {
  worstMinuteCalls: number;
  sharedCacheP99Ms: number | null;
  failedDuringRestart: number;
  notes: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 500 visitors spread over the servers directly (nginx's cache would hide the point). */
async function loadAcrossServers(servers: ServerProcess[], ids: string[]) {
  const requests = visitorRequests(ids, LOAD_MS);
  const agent = new Agent({ keepAlive: true, maxSockets: 100 });
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(async (request, i) => {
      await sleep(request.at - (performance.now() - started));
      const base = `${servers[i % servers.length]?.url ?? ''}api/market`;
      return send(base, agent, request, performance.now() - started);
    }),
  );
  agent.destroy();
  return answers;
}

/** GETs through nginx (the page's, the session's) while each server restarts in turn. */
async function rollingRestart(servers: ServerProcess[], front: string, watched: string) {
  const paths = [watched, 'config.json', 'api/auth/session', 'api/market/search?query=btc'];
  // Each answered once first: the load before may have spent the plan's minute.
  for (const target of paths) {
    for (
      let tries = 0;
      (await fetch(`${front}${target}`)).status !== 200 && tries < 60;
      tries += 1
    ) {
      await sleep(SECOND);
    }
  }
  let going = true;
  let sent = 0;
  const failures: string[] = [];
  const loops = Array.from({ length: RESTART_LOOPS }, async (_, loop) => {
    for (let i = 0; going; i += 1) {
      const target = paths[(loop + i) % paths.length] ?? '';
      sent += 1;
      try {
        const response = await fetch(`${front}${target}`);
        await response.arrayBuffer();
        if (!response.ok) failures.push(`${response.status} ${target}`);
      } catch (error) {
        failures.push(`${String(error)} ${target}`);
      }
    }
  });
  const stopTimes: number[] = [];
  for (const server of servers) {
    await sleep(2 * SECOND);
    stopTimes.push((await server.stop()).ms);
    await server.start();
  }
  await sleep(2 * SECOND);
  going = false;
  await Promise.all(loops);
  return { sent, failures, stopTimes };
}

export async function measureScaleOut(): Promise<ScaleOut> {
  const rows = syntheticCoinRows(300);
  const fixtures = await startFixtureServer({ coins: rows });
  const redis = await startRedisServer({ persistent: true });
  const port = await freePort();
  const env = {
    REDIS_URL: redis.url,
    AUTH_SECRET: 'the-bench-secret-shared-by-the-servers',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    MARKET_API_URL: fixtures.url,
    MARKET_API_KEY: 'bench-demo-key', // the demo plan: 30 calls a minute, for all three
    TRUST_PROXY: 'true',
  };
  const servers = await Promise.all([1, 2, 3].map(() => startServerProcess(env)));
  const nginx = await startNginxInFront(
    servers.map((server) => server.url),
    port,
  );
  try {
    const answers = await loadAcrossServers(
      servers,
      rows.map((row) => row.id),
    );
    const calls = fixtures.requests().map((request) => request.at);
    const fromCache = answers.filter((answer) => answer.cache === 'hit').map((a) => a.ms);
    const watched =
      'api/market/coins/markets?vs_currency=usd&ids=bitcoin,ethereum,solana&per_page=3&page=1&sparkline=true&price_change_percentage=24h';
    const restart = await rollingRestart(servers, nginx.url, watched);
    const count = (test: (status: number) => boolean) =>
      answers.filter((answer) => test(answer.status)).length;
    return {
      worstMinuteCalls: mostInAnyMinute(calls),
      sharedCacheP99Ms: percentile(fromCache, 99),
      failedDuringRestart: restart.failures.length,
      notes: [
        `Gateway across 3 servers: the composed server in three processes of its own (npm start's main.ts) sharing one redis-server (append-only file), the demo plan's own numbers on each (30 calls a minute); the gateway bench's 500 visitors (watchlists of 5 to 50 of 300 coins refreshed every 10 s, a third searching) for ${LOAD_MS / SECOND} s, each request sent straight to the servers by turns (a visitor spread over them). ${answers.length} requests: ${count((s) => s === 200)} answered 200, ${count((s) => s === 429)} 429, ${count((s) => s !== 200 && s !== 429)} other; ${calls.length} upstream calls in all, at most ${mostInAnyMinute(calls)} in any 60 s. Answer time from the shared cache (X-Market-Cache: hit, whichever server fetched): median ${percentile(fromCache, 50)?.toFixed(1)} ms, p99 ${percentile(fromCache, 99)?.toFixed(1)} ms over ${fromCache.length} answers, measured by the load generator over loopback.`,
        `Rolling restart: Debian's nginx with docs/nginx/market-gateway.conf in front of the three servers, ${RESTART_LOOPS} loops of GETs through it (a watchlist's prices, /config.json, /api/auth/session, a search) while each server in turn got SIGTERM, exited (${restart.stopTimes.map((ms) => `${ms} ms`).join(', ')}) and started again on its port: ${restart.sent} requests, ${restart.failures.length} failed${restart.failures.length > 0 ? ` (${[...new Set(restart.failures)].slice(0, 5).join('; ')})` : ''}.`,
      ],
    };
  } finally {
    await nginx.close();
    await Promise.all(servers.map((server) => server.stop()));
    await redis.remove();
    await fixtures.close();
  }
}

export function scaleOutFigures(result: ScaleOut | null): Figure[] {
  const p99 = result?.sharedCacheP99Ms;
  return [
    figure(
      SCALE_OUT_FIGURES.plan,
      result?.worstMinuteCalls ?? null,
      'calls',
      '<= 30',
      (v) => v <= 30,
    ),
    figure(
      SCALE_OUT_FIGURES.cache,
      p99 == null ? null : Math.round(p99 * 10) / 10,
      'ms',
      '<= 15',
      (v) => v <= 15,
    ),
    figure(
      SCALE_OUT_FIGURES.restart,
      result?.failedDuringRestart ?? null,
      'requests',
      '0',
      (v) => v === 0,
    ),
  ];
}

// Alone: measured, printed, and recorded into bench/results.json beside the other figures.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const result = await measureScaleOut();
  const names: string[] = Object.values(SCALE_OUT_FIGURES);
  const figures = scaleOutFigures(result);
  recordAlone(
    import.meta.dirname,
    { figures, notes: result.notes },
    {
      figure: (name) => names.includes(name),
      note: (note) => /^(Gateway across 3 servers|Rolling restart):/.test(note),
    },
  );
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.unit} (target ${f.target})`);
  for (const note of result.notes) console.log(`\n- ${note}`);
}
