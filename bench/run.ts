// `npm run bench`: production builds, then every measurement and audit of issue 9 side by
// side, printed and written to bench/results.json and bench/results.md.
import type { Browser } from '@playwright/test';
import { buildForBench } from './build';
import { CPU_SLOWDOWN, launchBenchBrowser, openPage } from './browser';
import { startBenchServers, type BenchServers, type BuildName } from './servers';
import {
  figure,
  machineDescription,
  median,
  printTable,
  writeResults,
  type Figure,
} from './report';
import { measurePageLoads, type PageLoad } from './measure/pageLoads';
import { criticalJs } from './measure/criticalJs';
import { findDuplicates } from './measure/duplicates';
import { countMarketRequests } from './measure/marketRequests';
import { measureRendering } from './measure/rendering';
import { timeSetCoinsData } from './measure/reducerTiming';
import { timePortfolioHistory } from './measure/portfolioHistoryTiming';
import { watchThousandTokens } from './measure/thousandTokens';
import { measureGateway } from './measure/gateway';
import { accessibilityViolations } from './audits/accessibility';
import { lighthouseScores } from './audits/lighthouse';

// Cold loads per build (at least 7 for the recorded figures; fewer only to try the bench).
const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const started = Date.now();
const figures: Figure[] = [];
const notes: string[] = [];

/** Runs one measurement; a failure becomes a note, and the rest of the bench goes on. */
async function attempt<T>(what: string, measure: () => Promise<T>): Promise<T | null> {
  console.log(`${what} ...`);
  try {
    return await measure();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(`  ${what} failed: ${message}`);
    notes.push(`${what} could not be measured: ${message}`);
    return null;
  }
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

function pageLoadFigures(loads: PageLoad[], dists: BenchServers['dists']): void {
  const label: Record<BuildName, string> = { federated: 'federated', monolith: 'single bundle' };
  const times: Partial<Record<BuildName, number | null>> = {};
  for (const build of ['federated', 'monolith'] as const) {
    const reached = loads.filter((l) => l.build === build && l.portfolioVisibleMs !== null);
    times[build] = median(reached.map((l) => l.portfolioVisibleMs ?? 0));
    figures.push(
      figure(
        `Time to portfolio visible, ${label[build]} (median of ${reached.length})`,
        times[build] ?? null,
        'ms',
      ),
    );
  }
  for (const build of ['federated', 'monolith'] as const) {
    const distance = (l: PageLoad) =>
      Math.abs((l.portfolioVisibleMs ?? Infinity) - (times[build] ?? 0));
    const [typical] = loads
      .filter((l) => l.build === build && l.portfolioVisibleMs !== null)
      .sort((a, b) => distance(a) - distance(b));
    const steps = Object.entries(typical?.milestones ?? {})
      .sort(([, a], [, b]) => a - b)
      .map(([step, ms]) => `${step} ${Math.round(ms)} ms`);
    if (typical) {
      notes.push(
        `Median ${label[build]} load, when each step had arrived: ${[...steps, `portfolio visible ${Math.round(typical.portfolioVisibleMs ?? 0)} ms`].join(', ')}.`,
      );
    }
  }
  const { federated, monolith } = times;
  figures.push(
    figure(
      'Time to portfolio visible, federated / single bundle',
      federated && monolith ? federated / monolith : null,
      'ratio',
      '<= 1.10',
      (v) => v <= 1.1,
    ),
  );
  for (const build of ['federated', 'monolith'] as const) {
    const js = loads
      .filter((l) => l.build === build && l.portfolioVisibleMs !== null)
      .map((l) => criticalJs(l.scriptsBeforeMark, dists[build]));
    const gzip = median(js.map((j) => j.gzipBytes));
    const federated = build === 'federated';
    figures.push(
      figure(
        `JS before portfolio visible, ${label[build]} (gzip)`,
        gzip === null ? null : kb(gzip),
        'KB',
        federated ? '<= 200' : null,
        federated ? (v) => v <= 200 : undefined,
      ),
      figure(
        `JS files requested before portfolio visible, ${label[build]}`,
        median(js.map((j) => j.files)),
        'files',
      ),
    );
    if (federated) {
      const wallet = [...new Set(js.flatMap((j) => j.walletPackages))];
      figures.push(
        figure(
          'Wallet-stack packages before portfolio visible, federated',
          js.length ? wallet.length : null,
          'packages',
          '0',
          (v) => v === 0,
        ),
      );
      if (wallet.length)
        notes.push(`Wallet-stack packages on the critical path: ${wallet.join(', ')}.`);
    }
  }
}

async function browserMeasurements(browser: Browser, servers: BenchServers, debuggingPort: number) {
  const loads = await attempt(`Cold loads, ${RUNS} per build, interleaved`, () =>
    measurePageLoads(browser, servers.urls, RUNS),
  );
  if (loads) await attempt('Critical-path JS', async () => pageLoadFigures(loads, servers.dists));

  const duplicates = await attempt('Duplicate packages on the composed page', async () => {
    const { context, page } = await openPage(browser, { throttled: false });
    try {
      return await findDuplicates(page, servers.urls.federated);
    } finally {
      await context.close();
    }
  });
  figures.push(
    figure(
      'Duplicated packages on the composed page (excluding the federation runtime)',
      duplicates?.packages.length ?? null,
      'packages',
      '0',
      (v) => v === 0,
    ),
  );
  if (duplicates?.packages.length)
    notes.push(`Duplicated packages: ${duplicates.packages.join(', ')}.`);
  if (duplicates) {
    notes.push(
      `The Module Federation runtime is loaded once per container by design (docs/decisions/0002): ${duplicates.federationRuntime.join(', ') || 'none'}.`,
    );
  }

  await attempt('Market requests, rendering and heap with 1,000 watched tokens', () =>
    watchThousandTokens(browser, servers, notes, async ({ page, cdp }) => {
      const counts = await attempt('Market requests', () =>
        countMarketRequests(page, servers.fixtures),
      );
      figures.push(
        figure(
          'Market requests: loading 1,000 watched tokens',
          counts?.initialLoad ?? null,
          'requests',
          '4',
          (v) => v === 4,
        ),
        figure(
          'Market requests: ten refresh clicks in 1 s, most per 1 s stale window',
          counts?.tenRefreshes.mostPerStaleWindow ?? null,
          'requests',
          '<= 4',
          (v) => v <= 4,
        ),
        figure(
          'Market requests: ten refresh clicks in 1 s, total',
          counts?.tenRefreshes.total ?? null,
          'requests',
        ),
        figure(
          "Search requests: typing 'solana' at 1 char / 100 ms",
          counts?.searchTyping ?? null,
          'requests',
          '1',
          (v) => v === 1,
        ),
      );
      const rendering = await attempt('Rendering', () =>
        measureRendering(page, cdp, servers.fixtures.origin),
      );
      figures.push(
        figure(
          'JS heap after loading 1,000 watched tokens',
          rendering ? Math.round(rendering.heapMb * 10) / 10 : null,
          'MB',
        ),
        figure(
          'Rows rendered by one price update of 1,000 tokens',
          rendering?.rowsRendered ?? null,
          'rows',
          '<= 6 (visible)',
          (v) => v <= Math.min(6, rendering?.rowsOnPage ?? 6),
        ),
        figure(
          'Rows rendered by a price update of one token off the page',
          rendering?.rowsRenderedOffPage ?? null,
          'rows',
          '0',
          (v) => v === 0,
        ),
      );
      if (rendering)
        notes.push(
          `The table showed ${rendering.rowsOnPage} data rows when the price update landed.`,
        );
    }),
  );

  const violations = await attempt('axe-core', () => accessibilityViolations(browser, servers));
  const states = violations ?? {
    page: null,
    'Add Token modal open': null,
    'wallet connected': null,
  };
  for (const [state, found] of Object.entries(states)) {
    figures.push(
      figure(
        `axe serious/critical violations: ${state}`,
        found?.length ?? null,
        'violations',
        '0',
        (v) => v === 0,
      ),
    );
    if (found?.length) notes.push(`axe (${state}): ${found.join(', ')}.`);
  }

  const lighthouse = await attempt('Lighthouse (desktop preset)', () =>
    lighthouseScores(servers.urls.federated, debuggingPort),
  );
  figures.push(
    figure(
      'Lighthouse performance (desktop, median of 3)',
      lighthouse?.performance ?? null,
      'score',
      '>= 95',
      (v) => v >= 95,
    ),
    figure(
      'Lighthouse accessibility (desktop, median of 3)',
      lighthouse?.accessibility ?? null,
      'score',
      '100',
      (v) => v === 100,
    ),
  );
}

/** The market gateway under load (issue 15), with the fixture API as CoinGecko. */
async function gatewayMeasurements() {
  const gateway = await attempt('Market gateway: 500 visitors, then upstream faults (90 s)', () =>
    measureGateway(notes),
  );
  figures.push(
    figure(
      'Market requests: one refresh of 1,000 tokens',
      gateway?.oneColdRefreshCalls ?? null,
      'requests',
      '4',
      (v) => v === 4,
    ),
    figure(
      'Gateway: upstream calls per minute',
      gateway?.mostUpstreamCallsPerMinute ?? null,
      'calls',
      '<= 30',
      (v) => v <= 30,
    ),
    figure(
      'Gateway: visitor requests that failed',
      gateway?.failedUnderLoad ?? null,
      'requests',
      '0',
      (v) => v === 0,
    ),
    figure(
      'Gateway: answer time from cache, p99',
      gateway?.cacheAnswerP99Ms == null ? null : Math.round(gateway.cacheAnswerP99Ms * 10) / 10,
      'ms',
      '<= 10',
      (v) => v <= 10,
    ),
    figure(
      'Gateway: visitor requests that failed during upstream faults, where cached',
      gateway?.failedDuringFaultsWhereCached ?? null,
      'requests',
      '0',
      (v) => v === 0,
    ),
    figure(
      'Gateway: memory after the run',
      gateway ? Math.round(gateway.cacheMb * 10) / 10 : null,
      'MB',
      gateway ? `<= ${gateway.cacheCapMb} (the cap)` : null,
      (v) => v <= (gateway?.cacheCapMb ?? 0),
    ),
  );
}

async function main() {
  // --only gateway: just the gateway's load run, printed (results files are left as they are).
  if (process.argv.includes('--only')) {
    const only = process.argv[process.argv.indexOf('--only') + 1];
    if (only !== 'gateway') throw new Error(`--only knows 'gateway', not '${only}'`);
    await gatewayMeasurements();
    console.log('');
    printTable(figures);
    for (const note of notes) console.log(`\n- ${note}`);
    return;
  }
  // --no-build: measure the current builds (when trying the bench out).
  if (!process.argv.includes('--no-build')) await buildForBench();
  const servers = await startBenchServers();
  const { browser, debuggingPort, close } = await launchBenchBrowser();
  try {
    await browserMeasurements(browser, servers, debuggingPort);
  } finally {
    await close();
    await servers.close();
  }
  await gatewayMeasurements();
  const thousandMs = timeSetCoinsData(1_000);
  const tenThousandMs = timeSetCoinsData(10_000);
  figures.push(
    figure(
      'setCoinsData, 1,000 coins',
      Math.round(thousandMs * 100) / 100,
      'ms',
      '<= 5',
      (v) => v <= 5,
    ),
    figure(
      'setCoinsData, 10,000 coins / 1,000 coins',
      Math.round((tenThousandMs / thousandMs) * 100) / 100,
      'ratio',
      '<= 12',
      (v) => v <= 12,
    ),
    figure(
      'Portfolio history, 100 coins × 168 points',
      Math.round(timePortfolioHistory() * 100) / 100,
      'ms',
      '<= 5',
      (v) => v <= 5,
    ),
  );

  notes.push(
    `Browser figures: headless Chromium through the DevTools protocol, CPU throttled ${CPU_SLOWDOWN}x and Lighthouse's 'Slow 4G' network profile (562.5 ms request latency, 1.44 Mbit/s down) for the cold loads; each load starts with an empty cache and storage (so the five sample coins are seeded), federated and single-bundle loads interleaved.`,
    "'Portfolio visible' is a performance mark set by a MutationObserver injected by the benchmark when the summary's total and the first table row both show a non-zero dollar amount; no product code is involved.",
    'JS sizes are the gzip sizes (node:zlib, default level) of the dist files the page requested before the mark; the bench server gzips responses on the fly the same way, so the timings see realistic transfer sizes.',
    'Rows rendered: a minimal React DevTools hook (the one react-dom calls on every commit) records which table rows had a component or element re-render, the way the DevTools Profiler decides it; the update is one setCoinsData of all 1,000 coins with new prices, dispatched to the page store; the control is the same for one token that is not on the visible page.',
    'setCoinsData: the wishlist reducer in Node merging fresh coins (new objects each run, as each market answer brings) into as many watched ids, median of 21 runs after 3 warm-up runs; the garbage of building each input is collected before its run.',
    'Portfolio history: selectPortfolioHistory in Node on 100 held coins of 168 hourly points (the fixture sparklines), median of 21 runs after 3 warm-up runs, each on a new wishlist so the memo never answers.',
    'Market requests are counted by the fixture server, that is the calls the market gateway makes for the page (issue 15); 1,000 watched tokens are seeded through the saved-state key in localStorage.',
    'The machine was shared with other engineers building and testing at the same time: absolute timings are noisy; the interleaved medians and the ratio are the figures to compare.',
  );
  const report = {
    date: new Date().toISOString(),
    machine: machineDescription(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    figures,
    notes,
  };
  console.log('');
  printTable(figures);
  writeResults(report, import.meta.dirname);
  console.log(`\nWrote bench/results.json and bench/results.md (${report.durationSeconds} s).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
