import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { editHoldings, watchlist } from '../support/ui';

const KEY = 'token-portfolio/wishlist/v1';
const SAMPLES = ['Ethereum', 'BNB', 'XRP', 'Solana', 'Dogecoin'];

const rowHeaders = (page: Page) => watchlist(page).getByRole('rowheader');
const savedHoldings = (page: Page) =>
  page.evaluate((key) => {
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as {
      entities?: Record<string, { holdings: string } | null>;
    };
    return Object.fromEntries(
      Object.entries(saved.entities ?? {}).map(([id, coin]) => [id, coin?.holdings]),
    );
  }, KEY);

test('a first visit shows the five sample coins, saved and marked with the seed cookie', async ({
  page,
  context,
}) => {
  await page.goto('/');
  for (const name of SAMPLES) {
    await expect(rowHeaders(page).filter({ hasText: name }).first()).toBeVisible();
  }
  expect(await savedHoldings(page)).toEqual({
    ethereum: '1',
    binancecoin: '10',
    ripple: '1000',
    solana: '20',
    dogecoin: '10000',
  });
  const cookie = (await context.cookies()).find(({ name }) => name === 'seeded_v1');
  expect(cookie).toMatchObject({ value: '1', path: '/' });
  // We ask for 3650 days; Chromium caps any cookie's lifetime at 400 days.
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(399 * 86_400_000);
});

test('a reload keeps edits; clearing storage with the cookie present gives an empty list', async ({
  page,
}) => {
  await page.goto('/');
  await editHoldings(page, 'Solana', '42');
  await expect.poll(() => savedHoldings(page)).toMatchObject({ solana: '42' });
  await page.reload();
  await expect(rowHeaders(page)).toHaveCount(5);
  expect(await savedHoldings(page)).toMatchObject({ solana: '42' });

  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(
    watchlist(page).getByText('No Holdings, Please add some tokens to your portfolio'),
  ).toBeVisible();
  expect(await savedHoldings(page)).toEqual({});
});

test('two tabs editing different tokens both keep their edits', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/');
  await expect(rowHeaders(first)).toHaveCount(5);
  const second = await context.newPage();
  await second.goto('/');
  await expect(rowHeaders(second)).toHaveCount(5);

  await editHoldings(first, 'Ethereum', '3');
  await editHoldings(second, 'Dogecoin', '5');

  const both = { ethereum: '3', dogecoin: '5', solana: '20' };
  for (const tab of [first, second]) {
    await expect.poll(() => savedHoldings(tab)).toMatchObject(both);
  }
  await first.reload();
  await expect(rowHeaders(first)).toHaveCount(5);
  expect(await savedHoldings(first)).toMatchObject(both);
});
