import type { CDPSession, Page } from '@playwright/test';
import { CPU_SLOWDOWN } from '../browser';
import type { BenchMarket } from '../market';
import { LONG_TASKS, readLongTasks, recordLongTasks } from '../page/longTasks';
import { settledRequests } from './marketRequests';

export interface PriceUpdateTasks {
  /** The longest main-thread task (ms) of 50 ms or more; 0 when there was none. */
  longestMs: number;
  /** Every long task's duration, longest first. */
  longTasks: number[];
}

/** docs/product.md#market-data: watched-token queries are stale after 1 s. */
const STALE_MS = 1_000;
/** After the last answer: React's commit, the summary, saving the wishlist. */
const SETTLE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One price update of 1,000 watched tokens as a visitor gets it, CPU 4x slower: the
 * market has new prices for all of them, the visitor clicks Refresh Prices, the page
 * fetches (4 requests of 250), reads, stores and shows them. Records the long tasks from
 * the click until everything has settled.
 */
export async function measurePriceUpdateTasks(
  page: Page,
  cdp: CDPSession,
  market: BenchMarket,
): Promise<PriceUpdateTasks> {
  await sleep(STALE_MS);
  market.newPrices();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await page.evaluate(recordLongTasks, LONG_TASKS);
    market.fixtures.reset();
    await page.getByRole('button', { name: /refresh prices/i }).click();
    const requests = await settledRequests(market.fixtures);
    if (requests.length === 0) throw new Error('Refresh Prices asked the market nothing');
    await sleep(SETTLE_MS);
    const durations = await page.evaluate(readLongTasks, LONG_TASKS);
    const longTasks = [...durations].sort((a, b) => b - a).map((ms) => Math.round(ms));
    return { longestMs: longTasks[0] ?? 0, longTasks };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
