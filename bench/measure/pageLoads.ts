import type { Browser, Page } from '@playwright/test';
import { openPage } from '../browser';
import type { BenchMarket } from '../market';
import type { Protocol } from '../nginxFront';
import type { BuildName } from '../servers';
import { PORTFOLIO_VISIBLE, markPortfolioVisible } from '../page/portfolioVisible';
import { readLoadRecord, waitForPortfolioVisible, type LoadedResource } from '../page/loadRecord';

export interface PageLoad<B extends string = BuildName> {
  build: B;
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
export function milestonesOf(load: PageLoad<string>): Record<string, number> {
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
async function loadOnce<B extends string>(
  browser: Browser,
  market: BenchMarket,
  load: Pick<PageLoad<B>, 'build' | 'protocol'>,
  url: string,
): Promise<PageLoad<B>> {
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
 * `runs` cold loads of each build (the keys of `urls`) over one protocol, interleaved (and
 * alternating which goes first) so that drift in the shared machine's load affects all alike.
 */
export async function measurePageLoads<B extends string>(
  browser: Browser,
  market: BenchMarket,
  urls: Record<B, string>,
  protocol: Protocol,
  runs: number,
): Promise<PageLoad<B>[]> {
  const builds = Object.keys(urls) as B[];
  const broken = new Set<B>();
  const loads: PageLoad<B>[] = [];
  for (let run = 0; run < runs; run += 1) {
    const order = run % 2 ? [...builds].reverse() : builds;
    for (const build of order.filter((b) => !broken.has(b))) {
      const load = await loadOnce(browser, market, { build, protocol }, urls[build]);
      console.log(
        `  ${protocol} run ${run + 1} ${build}: ${load.portfolioVisibleMs === null ? 'mark not reached' : `${Math.round(load.portfolioVisibleMs)} ms`}`,
      );
      loads.push(load);
      // A build whose page never shows prices would only burn the time budget.
      if (load.portfolioVisibleMs === null && run === 0) broken.add(build);
    }
  }
  return loads;
}
