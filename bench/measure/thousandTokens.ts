import type { Browser } from '@playwright/test';
import { replaceWholeState, type WishlistState } from '@token-portfolio/shared';
import { openPage, type BenchPage } from '../browser';
import type { BenchServers } from '../servers';
import { dispatchInPage, watchedCountInPage } from '../page/pageStore';
import { ROW_RENDER_LOG, recordRowRenders } from '../page/rowRenders';
import { THOUSAND, thousandCoins } from '../syntheticCoins';
import { WISHLIST_STORAGE_KEY } from '../../shared/src/persistence/storageKeys';
import { serializeSavedWishlist } from '../../shared/src/persistence/savedWishlist';

const thousandWatched = (): WishlistState => {
  const ids = thousandCoins('').map((coin) => coin.id);
  return {
    ids,
    entities: Object.fromEntries(ids.map((id) => [id, { holdings: '1', value: null }])),
  };
};

/**
 * Opens the federated page (unthrottled: these figures are counts, not timings) with
 * 1,000 watched tokens saved in localStorage, as a returning visitor would have them.
 */
export async function watchThousandTokens(
  browser: Browser,
  servers: BenchServers,
  notes: string[],
  measure: (page: BenchPage) => Promise<void>,
): Promise<void> {
  const benchPage = await openPage(browser, { throttled: false });
  const { context, page } = benchPage;
  try {
    await page.addInitScript(recordRowRenders, ROW_RENDER_LOG);
    const saved = thousandWatched();
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: WISHLIST_STORAGE_KEY,
      value: serializeSavedWishlist({ ...saved, edits: {} }),
    });
    servers.fixtures.reset();
    await page.goto(servers.urls.federated);
    await page.getByRole('heading', { name: 'Watchlist' }).waitFor();
    if ((await watchedCountInPage(page)) !== THOUSAND) {
      // The saved-state format differs from what the benchmark wrote: load them directly.
      notes.push(
        'The saved wishlist was not read back; the 1,000 tokens were set through replaceWholeState.',
      );
      await dispatchInPage(page, replaceWholeState(saved));
    }
    await measure(benchPage);
  } finally {
    await context.close();
  }
}
