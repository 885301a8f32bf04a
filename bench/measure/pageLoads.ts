import type { Browser, Page } from '@playwright/test';
import { openPage } from '../browser';
import type { BenchMarket } from '../market';
import type { Protocol } from '../nginxFront';
import { BUILDS, type BuildName } from '../servers';
import { PORTFOLIO_VISIBLE, markPortfolioVisible } from '../page/portfolioVisible';
import { readLoadRecord, waitForPortfolioVisible, type LoadedResource } from '../page/loadRecord';

export interface PageLoad {
  build: BuildName;
  protocol: Protocol;
  /** ms from navigation start to the 'portfolio-visible' mark; null if never reached. */
  portfolioVisibleMs: number | null;
  /** What the page loaded before the mark (the page itself first). */
  beforeMark: LoadedResource[];
}

/** Paths of the JS files among the resources. */
export const scriptsOf = (resources: LoadedResource[]) =>
  resources.filter(({ path }) => path.endsWith('.js')).map(({ path }) => path);

/** Steps on the way to the mark: the last response of each kind requested before it. */
const MILESTONES: Record<string, RegExp> = {
  page: /^\/$/,
  'config.json': /\/config\.json$/,
  'remote lists': /\/first-paint\.json$/,
  'remote entries': /\/remoteEntry(?:\.composed)?\.js$/,
  'market data': /\/coins\/markets$/,
};

/** When each step had arrived (ms from navigation start). */
export function milestonesOf(load: PageLoad): Record<string, number> {
  return Object.fromEntries(
    Object.entries(MILESTONES).flatMap(([name, pattern]) => {
      const ends = load.beforeMark.filter(({ path }) => pattern.test(path)).map((r) => r.endMs);
      return ends.length ? [[name, Math.max(...ends)]] : [];
    }),
  );
}

/** Prepares a page to time a load whose market prices are `market`'s next ones. */
export async function markThisLoad(page: Page, market: BenchMarket): Promise<void> {
  await page.addInitScript(markPortfolioVisible, {
    markName: PORTFOLIO_VISIBLE,
    prices: market.newPrices(),
  });
}

/** One cold load (fresh cache and storage) of a build, throttled. */
async function loadOnce(
  browser: Browser,
  market: BenchMarket,
  load: Pick<PageLoad, 'build' | 'protocol'>,
  url: string,
): Promise<PageLoad> {
  const { context, page } = await openPage(browser, { throttled: true });
  try {
    await markThisLoad(page, market);
    await page.goto(url);
    if (!(await waitForPortfolioVisible(page))) {
      return { ...load, portfolioVisibleMs: null, beforeMark: [] };
    }
    const { portfolioVisibleMs, resources } = await readLoadRecord(page);
    return {
      ...load,
      portfolioVisibleMs,
      beforeMark: resources.filter((resource) => resource.startMs < portfolioVisibleMs),
    };
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold loads of each build over one protocol, interleaved (and alternating which
 * goes first) so that drift in the shared machine's load affects both alike.
 */
export async function measurePageLoads(
  browser: Browser,
  market: BenchMarket,
  urls: Record<BuildName, string>,
  protocol: Protocol,
  runs: number,
): Promise<PageLoad[]> {
  const loads: PageLoad[] = [];
  for (let run = 0; run < runs; run += 1) {
    const order = run % 2 ? [...BUILDS].reverse() : BUILDS;
    for (const build of order) {
      const load = await loadOnce(browser, market, { build, protocol }, urls[build]);
      console.log(
        `  ${protocol} run ${run + 1} ${build}: ${load.portfolioVisibleMs === null ? 'mark not reached' : `${Math.round(load.portfolioVisibleMs)} ms`}`,
      );
      loads.push(load);
      // A build whose page never shows prices would only burn the time budget.
      if (load.portfolioVisibleMs === null && run === 0) return loads;
    }
  }
  return loads;
}
