import type { CDPSession, Page } from '@playwright/test';
import type { UnknownAction } from '@reduxjs/toolkit';
import { setCoinsData } from '@token-portfolio/shared';
import { dispatchInPage } from '../page/pageStore';
import { ROW_RENDER_LOG, type RowRenderLog } from '../page/rowRenders';
import { thousandCoins } from '../syntheticCoins';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than the total's 500 ms animation and any deferred render. */
const SETTLE_MS = 1_500;

export interface RenderingFigures {
  heapMb: number;
  /** Rows rendered when all 1,000 prices change. */
  rowsRendered: number;
  /** Rows rendered when only the price of a token off the visible page changes. */
  rowsRenderedOffPage: number;
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
 * counts the table rows React rendered for it; then the same for one token off the page.
 */
export async function measureRendering(
  page: Page,
  cdp: CDPSession,
  imagesOrigin: string,
): Promise<RenderingFigures> {
  await dispatchInPage(page, setCoinsData(thousandCoins(imagesOrigin)));
  await sleep(SETTLE_MS);
  const heapMb = await usedHeapMb(cdp);

  const allPrices = await rowsRenderedBy(page, setCoinsData(thousandCoins(imagesOrigin, 1.01)));
  // The control: the last token is never on the first page of the table.
  const lastToken = thousandCoins(imagesOrigin, 1.02).slice(-1);
  const offPage = await rowsRenderedBy(page, setCoinsData(lastToken));
  return {
    heapMb,
    rowsRendered: allPrices.rendered,
    rowsRenderedOffPage: offPage.rendered,
    rowsOnPage: allPrices.onPage,
  };
}

/** The table rows React rendered for one action, and the data rows on the page. */
async function rowsRenderedBy(
  page: Page,
  action: UnknownAction,
): Promise<{ rendered: number; onPage: number }> {
  await page.evaluate(
    (name) => (Reflect.get(globalThis, name) as RowRenderLog | undefined)?.reset(),
    ROW_RENDER_LOG,
  );
  await dispatchInPage(page, action);
  await sleep(SETTLE_MS);
  return page.evaluate((name) => {
    // Header rows: in a thead, or made of column headers (data rows may start with a row header).
    const isDataRow = (row: Element) =>
      !row.closest('thead') && !row.querySelector('th[scope=col], [role=columnheader]');
    const log = Reflect.get(globalThis, name) as RowRenderLog | undefined;
    const rendered = [...(log?.renderedRows ?? [])].filter(
      (row) => row.isConnected && isDataRow(row),
    );
    const onPage = [...document.querySelectorAll('tr, [role=row]')].filter(isDataRow);
    return { rendered: rendered.length, onPage: onPage.length };
  }, ROW_RENDER_LOG);
}
