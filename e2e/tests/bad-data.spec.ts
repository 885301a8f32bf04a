import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { fixtureRequests, setFixtureMode, startOwnMarket } from '../support/fixtures';

// Faults of the market API as a visitor meets them: a malformed coin, an id the market
// does not know, an API that hangs. The page keeps working in each case.

const watchlist = (page: Page) => page.getByRole('region', { name: 'Watchlist', exact: true });
const row = (page: Page, name: RegExp) => watchlist(page).getByRole('row', { name });

test('one malformed coin among five: every row renders, the bad field alone is missing, and a reload still works', async ({
  page,
}) => {
  // The market answer as the API sent it, with Solana's series and Dogecoin's price broken.
  await page.route('**/coins/markets?*', async (route) => {
    const response = await route.fetch();
    const coins = (await response.json()) as Record<string, unknown>[];
    const broken = coins.map((coin) =>
      coin['id'] === 'solana'
        ? { ...coin, sparkline_in_7d: { price: 'not a list' } }
        : coin['id'] === 'dogecoin'
          ? { ...coin, current_price: { usd: 'lots' } }
          : coin,
    );
    await route.fulfill({ response, json: broken });
  });
  for (const attempt of ['first load', 'reload']) {
    if (attempt === 'first load') await page.goto('/');
    else await page.reload();
    await expect(row(page, /^Ethereum \(ETH\)/)).toContainText('$3,987.12');
    await expect(row(page, /^Solana \(SOL\)/)).toContainText('$196.78');
    await expect(
      row(page, /^Solana \(SOL\)/).getByRole('img', { name: /No 7-day prices/ }),
    ).toBeVisible();
    await expect(row(page, /^XRP \(XRP\)/)).toContainText('$2.41');
    await expect(row(page, /^BNB \(BNB\)/)).toContainText('$1,187.43');
    // No price: '$0.00' (the spec, docs/product.md), and its value counts for nothing.
    await expect(row(page, /^Dogecoin \(DOGE\)/).getByTestId('price')).toHaveText('$0.00');
  }
  await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
  const saved = await page.evaluate(() => localStorage.getItem('token-portfolio/wishlist/v1'));
  expect(saved).not.toContain('not a list');
  expect(saved).not.toContain('lots');
});

test.describe('with a market API of its own', () => {
  let market: Awaited<ReturnType<typeof startOwnMarket>>;
  test.beforeEach(async () => {
    // Direct mode: the page's own handling of the API, without the gateway's cache between.
    market = await startOwnMarket({ MARKET_MODE: 'direct' });
  });
  test.afterEach(async () => {
    await market.close();
  });

  test("an id the market does not know says 'No market data' and can be removed", async ({
    page,
  }) => {
    await page.goto(market.baseUrl);
    await expect(row(page, /^Dogecoin/)).toContainText('$0.2012');
    await page.evaluate(() => {
      const key = 'token-portfolio/wishlist/v1';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        ids: string[];
        entities: Record<string, unknown>;
      };
      saved.ids.push('no-such-coin');
      saved.entities['no-such-coin'] = null;
      localStorage.setItem(key, JSON.stringify(saved));
    });
    await page.reload();
    // Six rows: all on the first page.
    const unknown = row(page, /^no-such-coin No market data/);
    await expect(unknown).toBeVisible();
    await expect(unknown).not.toHaveAttribute('aria-busy', 'true');
    await expect(unknown.getByTestId('price')).toHaveText('$0.00');
    await expect(unknown.getByTestId('change')).toHaveText('—');
    await unknown.getByRole('button', { name: 'Actions for no-such-coin' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(unknown).toHaveCount(0);
  });

  test('a hung API: Refresh says it is busy, further clicks queue nothing', async ({ page }) => {
    const watchedPriceRequests = async () =>
      (await fixtureRequests(market.fixtures.origin)).filter(
        ({ path, query }) => path === '/coins/markets' && query['ids'] !== undefined,
      ).length;
    await page.goto(market.baseUrl);
    await expect(row(page, /^Dogecoin/)).toContainText('$0.2012');
    const before = await watchedPriceRequests();
    await setFixtureMode(market.fixtures.origin, { mode: 'hang' });
    // Watched prices are fresh for 1 s (docs/product.md#market-data): wait for a refresh to go out.
    await page.waitForTimeout(1_100);
    const refresh = watchlist(page).getByRole('button', { name: 'Refresh Prices' });
    await refresh.click();
    await expect(refresh).toHaveAttribute('aria-busy', 'true');
    await expect.poll(watchedPriceRequests).toBe(before + 1);
    await refresh.click();
    await refresh.click();
    await page.waitForTimeout(1_100);
    await refresh.click();
    await expect(refresh).toHaveAttribute('aria-busy', 'true');
    expect(await watchedPriceRequests()).toBe(before + 1);
    // The last prices stay on screen meanwhile.
    await expect(row(page, /^Dogecoin/)).toContainText('$0.2012');
  });
});
