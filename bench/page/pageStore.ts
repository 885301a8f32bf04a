import type { Page } from '@playwright/test';
import type { UnknownAction } from '@reduxjs/toolkit';
import { PAGE_STORE_SYMBOL_NAME } from '@token-portfolio/shared/page-globals';

// The page's one store lives on globalThis (shared/src/pageGlobals.ts), so the benchmark
// can drive the same store the widgets use, in either build.

interface StoreLike {
  dispatch(action: UnknownAction): unknown;
  getState(): { wishlist: { ids: string[] } };
}

export async function dispatchInPage(page: Page, action: UnknownAction): Promise<void> {
  await page.evaluate(
    ({ key, action }) => {
      const store = (globalThis as Record<symbol, StoreLike | undefined>)[Symbol.for(key)];
      if (!store) throw new Error('The page has no store yet');
      store.dispatch(action);
    },
    { key: PAGE_STORE_SYMBOL_NAME, action },
  );
}

export async function watchedCountInPage(page: Page): Promise<number> {
  return page.evaluate((key) => {
    const store = (globalThis as Record<symbol, StoreLike | undefined>)[Symbol.for(key)];
    return store?.getState().wishlist.ids.length ?? 0;
  }, PAGE_STORE_SYMBOL_NAME);
}
