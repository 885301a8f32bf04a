import type { Page } from '@playwright/test';
import type { UnknownAction } from '@reduxjs/toolkit';
import { SHARED_API_MAJOR } from '@token-portfolio/shared';

// The page's one store lives on globalThis under this key (shared/src/store/getStore.ts),
// so the benchmark can drive the same store the widgets use, in either build.
const STORE_KEY = `@token-portfolio/shared/store@${SHARED_API_MAJOR}`;

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
    { key: STORE_KEY, action },
  );
}

export async function watchedCountInPage(page: Page): Promise<number> {
  return page.evaluate((key) => {
    const store = (globalThis as Record<symbol, StoreLike | undefined>)[Symbol.for(key)];
    return store?.getState().wishlist.ids.length ?? 0;
  }, STORE_KEY);
}
