import type { Page } from '@playwright/test';
import type { RecordedRequest, RunningFixtureServer } from '@token-portfolio/shared/fixtures';

const MARKETS = '/coins/markets';
const SEARCH = '/search';
/** docs/product.md#market-data: watched-token queries are stale after 1 s. */
const STALE_MS = 1_000;
/** Quiet this long means every request caused by the last action has been made. */
const QUIET_MS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the fixture server has seen no new request for QUIET_MS. */
export async function settledRequests(fixtures: RunningFixtureServer): Promise<RecordedRequest[]> {
  let count = -1;
  while (fixtures.requests().length !== count) {
    count = fixtures.requests().length;
    await sleep(QUIET_MS);
  }
  return fixtures.requests();
}

const countOf = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.path === path).length;

/**
 * The most requests inside any one stale window: windows start at a request and last
 * STALE_MS; the next window starts at the first request after it.
 */
export function mostRequestsPerStaleWindow(requests: RecordedRequest[]): number {
  const times = requests.map((request) => request.at).sort((a, b) => a - b);
  let most = 0;
  for (let start = 0; start < times.length;) {
    const windowEnd = (times[start] ?? 0) + STALE_MS;
    let end = start;
    while (end < times.length && (times[end] ?? 0) < windowEnd) end += 1;
    most = Math.max(most, end - start);
    start = end;
  }
  return most;
}

export interface MarketRequestCounts {
  initialLoad: number;
  tenRefreshes: { total: number; mostPerStaleWindow: number };
  searchTyping: number;
}

const refreshButton = (page: Page) => page.getByRole('button', { name: /refresh prices/i });

/**
 * Counts market requests at the fixture server (the calls the market gateway makes), on a
 * page already watching 1,000 tokens: its load, ten refresh clicks within a second, typing
 * 'solana'. One refresh of 1,000 cold tokens is measured on a cold gateway (gateway.ts).
 */
export async function countMarketRequests(
  page: Page,
  fixtures: RunningFixtureServer,
): Promise<MarketRequestCounts> {
  const initialLoad = countOf(await settledRequests(fixtures), MARKETS);

  await sleep(STALE_MS);
  fixtures.reset();
  for (let click = 0; click < 10; click += 1) {
    await refreshButton(page).click();
    await sleep(90);
  }
  const tenClicks = (await settledRequests(fixtures)).filter((r) => r.path === MARKETS);

  await page.getByRole('button', { name: /add token/i }).click();
  const searchBox = page
    .getByRole('dialog')
    .getByRole('searchbox')
    .or(page.getByPlaceholder('Search tokens (e.g., ETH, SOL)...'));
  await searchBox.first().click();
  await settledRequests(fixtures);
  fixtures.reset();
  await searchBox.first().pressSequentially('solana', { delay: 100 });
  const searchTyping = countOf(await settledRequests(fixtures), SEARCH);
  await page.keyboard.press('Escape');

  return {
    initialLoad,
    tenRefreshes: {
      total: tenClicks.length,
      mostPerStaleWindow: mostRequestsPerStaleWindow(tenClicks),
    },
    searchTyping,
  };
}
