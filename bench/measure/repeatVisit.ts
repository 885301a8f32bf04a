import type { Browser } from '@playwright/test';
import { openPage, throttle } from '../browser';
import type { BenchServers, BuildName } from '../servers';
import { BUILDS } from '../servers';
import { markThisLoad } from './pageLoads';
import {
  deliveryOf,
  readLoadRecord,
  waitForPortfolioVisible,
  type LoadedResource,
} from '../page/loadRecord';
import { LIST_CACHE_MS } from '../../server/src/firstPaint/firstPaintLists';
import { gzipSizeOf } from './criticalJs';
import type { Redeploy } from '../redeploy';

export interface RepeatVisit {
  build: BuildName;
  portfolioVisibleMs: number;
  /** Gzip size of the JavaScript the visit downloaded (not answered by the cache). */
  jsGzipBytes: number;
  /** Everything over the network, headers and revalidations included. */
  transferredBytes: number;
  downloadedScripts: string[];
  /** Responses the HTTP cache answered alone, and those it revalidated (304). */
  fromCache: number;
  revalidated: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** After the mark, what loads later (wallet stack, Add Token) is fetched too. */
const SETTLE_MS = 3_000;

/**
 * A returning visitor after a redeploy: a first visit fills the HTTP cache (and saves the
 * wishlist), the build is redeployed, then a second visit in a new tab of the same
 * browser profile is timed, throttled, until it has settled.
 */
async function visitAfterRedeploy(
  browser: Browser,
  servers: BenchServers,
  build: BuildName,
  redeploy: Redeploy,
  url: string,
): Promise<RepeatVisit> {
  const first = await openPage(browser, { throttled: false });
  const { context } = first;
  try {
    await markThisLoad(first.page, servers.market);
    await first.page.goto(url);
    if (!(await waitForPortfolioVisible(first.page))) throw new Error('first visit: no portfolio');
    // What loads after the portfolio (the wallet stack) goes into the cache too: the network
    // can be idle for a moment before it starts.
    await first.page.getByRole('button', { name: 'Connect Wallet' }).waitFor();
    await first.page.waitForLoadState('networkidle');
    await first.page.close();

    await servers.deploy(build, redeploy.app, redeploy.folder);
    // The server follows a redeploy within its first-paint lists' cache time.
    await sleep(LIST_CACHE_MS);
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page));
    await markThisLoad(page, servers.market);
    await page.goto(url);
    if (!(await waitForPortfolioVisible(page))) throw new Error('repeat visit: no portfolio');
    await page.waitForLoadState('networkidle');
    await sleep(SETTLE_MS);
    const { portfolioVisibleMs, resources } = await readLoadRecord(page);
    return summarise(build, portfolioVisibleMs, resources, servers);
  } finally {
    await context.close();
    await servers.deploy(build, redeploy.app, null);
  }
}

function summarise(
  build: BuildName,
  portfolioVisibleMs: number,
  resources: LoadedResource[],
  servers: BenchServers,
): RepeatVisit {
  const downloaded = resources.filter((r) => deliveryOf(r) === 'network');
  const downloadedScripts = downloaded.map((r) => r.path).filter((p) => p.endsWith('.js'));
  const fromCache = resources.filter((r) => deliveryOf(r) === 'cache').length;
  // Without cache hits the figure would time a cold load: the certificate is not trusted,
  // or the builds' files are not cacheable.
  if (fromCache === 0) throw new Error(`${build}: the repeat visit had no HTTP cache hit`);
  return {
    build,
    portfolioVisibleMs,
    jsGzipBytes: downloadedScripts.reduce(
      (sum, script) => sum + gzipSizeOf(script, servers.dists[build]),
      0,
    ),
    transferredBytes: resources.reduce((sum, r) => sum + r.transferSize, 0),
    downloadedScripts,
    fromCache,
    revalidated: resources.filter((r) => deliveryOf(r) === 'revalidated').length,
  };
}

/**
 * `runs` repeat visits per build after its redeploy (interleaved), over HTTP/2: the
 * federated app with only the watchlist remote rebuilt, the single bundle rebuilt with the
 * same one-line change.
 */
export async function measureRepeatVisits(
  browser: Browser,
  servers: BenchServers,
  redeploys: Record<BuildName, Redeploy>,
  runs: number,
): Promise<RepeatVisit[]> {
  const visits: RepeatVisit[] = [];
  for (let run = 0; run < runs; run += 1) {
    for (const build of run % 2 ? [...BUILDS].reverse() : BUILDS) {
      const visit = await visitAfterRedeploy(
        browser,
        servers,
        build,
        redeploys[build],
        servers.tls.h2[build],
      );
      console.log(
        `  repeat visit ${run + 1} ${build}: ${Math.round(visit.portfolioVisibleMs)} ms, ` +
          `${visit.downloadedScripts.length} scripts downloaded, ${visit.fromCache} from cache`,
      );
      visits.push(visit);
    }
  }
  return visits;
}
