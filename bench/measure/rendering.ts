import type { CDPSession, Page } from '@playwright/test';
import { setCoinsData } from '@token-portfolio/shared';
import { dispatchInPage } from '../page/pageStore';
import { ROW_RENDER_LOG, type RowRenderLog } from '../page/rowRenders';
import { thousandCoins } from '../syntheticCoins';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than the total's 500 ms animation and any deferred render. */
const SETTLE_MS = 1_500;

export interface RenderingFigures {
  heapMb: number;
  rowsRendered: number;
  rowsOnPage: number;
}

async function usedHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  return used / 2 ** 20;
}

/**
 * On a page watching the 1,000 synthetic tokens (with recordRowRenders installed): loads
 * their data, measures the JS heap, then applies one price update of all 1,000 and
 * counts the table rows React rendered for it.
 */
export async function measureRendering(
  page: Page,
  cdp: CDPSession,
  imagesOrigin: string,
): Promise<RenderingFigures> {
  await dispatchInPage(page, setCoinsData(thousandCoins(imagesOrigin)));
  await sleep(SETTLE_MS);
  const heapMb = await usedHeapMb(cdp);

  await page.evaluate(
    (name) => (Reflect.get(globalThis, name) as RowRenderLog | undefined)?.reset(),
    ROW_RENDER_LOG,
  );
  await dispatchInPage(page, setCoinsData(thousandCoins(imagesOrigin, 1.01)));
  await sleep(SETTLE_MS);
  const rows = await page.evaluate((name) => {
    // Header rows: in a thead, or made of column headers (data rows may start with a row header).
    const isDataRow = (row: Element) =>
      !row.closest('thead') && !row.querySelector('th[scope=col], [role=columnheader]');
    const log = Reflect.get(globalThis, name) as RowRenderLog | undefined;
    const rendered = [...(log?.renderedRows ?? [])].filter(
      (row) => row.isConnected && isDataRow(row),
    );
    const onPage = [...document.querySelectorAll('tr, [role=row]')].filter(isDataRow);
    return { rowsRendered: rendered.length, rowsOnPage: onPage.length };
  }, ROW_RENDER_LOG);
  return { heapMb, ...rows };
}
