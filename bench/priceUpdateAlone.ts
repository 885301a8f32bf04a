// `npx tsx bench/run.ts --only price-update [--trace <file>]`: the longest task of a price
// update of 1,000 tokens alone, a few times, to try a change without the whole bench.
import { writeFileSync } from 'node:fs';
import { launchBenchBrowser } from './browser';
import { measurePriceUpdateTasks, type PriceUpdateTasks } from './measure/longestTask';
import { countMarketRequests } from './measure/marketRequests';
import { measureRendering } from './measure/rendering';
import { watchThousandTokens } from './measure/thousandTokens';
import { median } from './report';
import { startBenchServers } from './servers';

/**
 * Trace categories for reading the long tasks in DevTools' Performance panel or Perfetto:
 * the main thread's tasks and the JavaScript samples inside them.
 */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
];

/**
 * Measures `runs` price updates, each on a newly opened page after the measurements that
 * precede it in the full bench, and prints every run's long
 * tasks and the median of the longest. With `tracePath`, the last run is also recorded as a
 * performance trace (the tracing costs time of its own: compare traced runs with traced).
 */
export async function measurePriceUpdatesAlone(runs: number, tracePath: string | null) {
  const servers = await startBenchServers();
  const { browser, close } = await launchBenchBrowser(servers.spkiSha256);
  const results: PriceUpdateTasks[] = [];
  const notes: string[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      const traced = tracePath !== null && run === runs;
      await watchThousandTokens(browser, servers, notes, async ({ page, cdp }) => {
        // What the full bench does first on the same page, as it leaves the page warmed up.
        await countMarketRequests(page, servers.fixtures);
        await measureRendering(page, cdp, servers.fixtures.origin);
        if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        const tasks = await measurePriceUpdateTasks(page, cdp, servers.market);
        if (traced) writeFileSync(tracePath, await browser.stopTracing());
        results.push(tasks);
        console.log(
          `run ${run}${traced ? ' (traced)' : ''}: long tasks ${tasks.longTasks.join(', ') || 'none'} ms`,
        );
      });
    }
  } finally {
    await close();
    await servers.close();
  }
  for (const note of notes) console.log(`- ${note}`);
  console.log(
    `Longest main-thread task, price update of 1,000 tokens, CPU 4x: median of ${runs}, ` +
      `${median(results.map((tasks) => tasks.longestMs))} ms`,
  );
  if (tracePath) console.log(`Trace of the last run: ${tracePath}`);
}
