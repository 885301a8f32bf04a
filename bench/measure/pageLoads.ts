import type { Browser } from '@playwright/test';
import { openPage } from '../browser';
import type { BuildName } from '../servers';
import { PORTFOLIO_VISIBLE, markPortfolioVisible } from '../page/portfolioVisible';

export interface PageLoad {
  build: BuildName;
  /** ms from navigation start to the 'portfolio-visible' mark; null if never reached. */
  portfolioVisibleMs: number | null;
  /** Paths of the JS files the page requested before the mark. */
  scriptsBeforeMark: string[];
  /** When each step of the way to the mark had arrived (ms, see MILESTONES). */
  milestones: Record<string, number>;
}

/** Steps on the way to the mark: the last response of each kind requested before it. */
const MILESTONES: Record<string, string> = {
  'config.json': '/config\\.json$',
  'remote manifests': '/mf-manifest\\.json$',
  'remote entries': '/remoteEntry\\.js$',
  'market data': '/coins/markets$',
};

const MARK_TIMEOUT_MS = 30_000;

/** One cold load (fresh cache and storage) of a build, throttled. */
async function loadOnce(browser: Browser, build: BuildName, url: string): Promise<PageLoad> {
  const { context, page } = await openPage(browser, { throttled: true });
  try {
    await page.addInitScript(markPortfolioVisible, PORTFOLIO_VISIBLE);
    await page.goto(url);
    const reached = await page
      .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PORTFOLIO_VISIBLE, {
        timeout: MARK_TIMEOUT_MS,
      })
      .then(
        () => true,
        () => false,
      );
    if (!reached) return { build, portfolioVisibleMs: null, scriptsBeforeMark: [], milestones: {} };
    return await page.evaluate(
      ({ mark, build, milestones }) => {
        const at = performance.getEntriesByName(mark)[0]?.startTime ?? 0;
        const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.startTime < at)
          .map((entry) => ({ path: new URL(entry.name).pathname, end: entry.responseEnd }));
        const arrived = Object.entries(milestones).flatMap(([name, pattern]) => {
          const ends = before.filter(({ path }) => new RegExp(pattern).test(path));
          return ends.length ? [[name, Math.max(...ends.map(({ end }) => end))] as const] : [];
        });
        return {
          build,
          portfolioVisibleMs: at,
          scriptsBeforeMark: before
            .filter(({ path }) => path.endsWith('.js'))
            .map(({ path }) => path),
          milestones: Object.fromEntries(arrived),
        };
      },
      { mark: PORTFOLIO_VISIBLE, build, milestones: MILESTONES },
    );
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold loads of each build, interleaved (and alternating which goes first) so
 * that drift in the shared machine's load affects both alike.
 */
export async function measurePageLoads(
  browser: Browser,
  urls: Record<BuildName, string>,
  runs: number,
): Promise<PageLoad[]> {
  const loads: PageLoad[] = [];
  for (let run = 0; run < runs; run += 1) {
    const order: BuildName[] = run % 2 ? ['monolith', 'federated'] : ['federated', 'monolith'];
    for (const build of order) {
      const load = await loadOnce(browser, build, urls[build]);
      console.log(
        `  run ${run + 1} ${build}: ${load.portfolioVisibleMs === null ? 'mark not reached' : `${Math.round(load.portfolioVisibleMs)} ms`}`,
      );
      loads.push(load);
      // A build whose page never shows prices would only burn the time budget.
      if (load.portfolioVisibleMs === null && run === 0) return loads;
    }
  }
  return loads;
}
