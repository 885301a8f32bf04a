import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import {
  exportWatchlist,
  readDownload,
  importWatchlistFile,
  portfolioTotal,
  watchlist,
  watchlistCell,
  watchlistRow,
} from '../support/ui';

// The composed app on the fixture market API: a fresh browser context starts from the five
// sample coins (docs/product.md#sample-coins), worth $24,219.02 at the fixture prices.
const SAMPLE_TOTAL = '$24,219.02';
const SAMPLE_CSV = [
  'id,symbol,name,holdings',
  'ethereum,eth,Ethereum,1',
  'binancecoin,bnb,BNB,10',
  'ripple,xrp,XRP,1000',
  'solana,sol,Solana,20',
  'dogecoin,doge,Dogecoin,10000',
  '',
].join('\r\n');

async function openWatchlist(page: Page) {
  await page.goto('/');
  await expect(watchlistCell(page, 'Dogecoin', 'price')).toHaveText('$0.2012');
  await expect(portfolioTotal(page)).toHaveText(SAMPLE_TOTAL);
}

const section = (dialog: Locator, name: string) => dialog.getByRole('region', { name });

test('exports the watchlist as CSV; the edited file imports after a preview, and Undo puts it back', async ({
  page,
}) => {
  await openWatchlist(page);
  const exported = await exportWatchlist(page, 'CSV');
  expect(exported.name).toMatch(/^token-portfolio-watchlist-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(exported.text).toBe(SAMPLE_CSV);

  // Ethereum's holdings edited, Bitcoin added, the rest as exported.
  const edited = exported.text
    .replace('ethereum,eth,Ethereum,1', 'ethereum,eth,Ethereum,2')
    .concat('bitcoin,btc,Bitcoin,0.5\r\n');
  const dialog = await importWatchlistFile(page, { name: exported.name, contents: edited });
  await expect(section(dialog, 'To add (1)')).toHaveText(/Bitcoin \(BTC\)\s*0\.5/);
  await expect(section(dialog, 'Holdings to change (1)')).toContainText('Ethereum (ETH)');
  await expect(section(dialog, 'Holdings to change (1)')).toContainText('1 → becomes 2');
  await expect(section(dialog, 'Unchanged (4)').getByRole('listitem')).toHaveCount(4);

  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(watchlist(page).getByRole('button', { name: 'Export / Import' })).toBeFocused();
  await expect(watchlistCell(page, 'Bitcoin', 'price')).toHaveText('$111,234.56');
  await expect(watchlistCell(page, 'Bitcoin', 'holdings')).toHaveText('0.5');
  await expect(watchlistCell(page, 'Bitcoin', 'value')).toHaveText('$55,617.28');
  await expect(watchlistCell(page, 'Ethereum', 'holdings')).toHaveText('2');
  await expect(portfolioTotal(page)).toHaveText('$83,823.42');

  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Imported: 1 token added, holdings set for 1 token.' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(watchlistRow(page, 'Bitcoin')).toHaveCount(0);
  await expect(watchlistCell(page, 'Ethereum', 'holdings')).toHaveText('1');
  await expect(portfolioTotal(page)).toHaveText(SAMPLE_TOTAL);

  // What Undo put back is what is saved.
  await page.reload();
  await expect(watchlistCell(page, 'Dogecoin', 'price')).toHaveText('$0.2012');
  await expect(watchlist(page).getByRole('rowheader')).toHaveCount(5);
  expect((await exportWatchlist(page, 'CSV')).text).toBe(SAMPLE_CSV);
});

test('a JSON export, from the keyboard, imports back as no change', async ({ page }) => {
  await openWatchlist(page);
  await watchlist(page).getByRole('button', { name: 'Export / Import' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Export as CSV' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const exported = await readDownload(await download);
  expect(exported.name).toMatch(/^token-portfolio-watchlist-\d{4}-\d{2}-\d{2}\.json$/);
  expect(JSON.parse(exported.text)).toMatchObject({
    version: 1,
    tokens: [
      { id: 'ethereum', symbol: 'eth', name: 'Ethereum', holdings: '1' },
      { id: 'binancecoin' },
      { id: 'ripple' },
      { id: 'solana' },
      { id: 'dogecoin', holdings: '10000' },
    ],
  });

  const dialog = await importWatchlistFile(page, { name: exported.name, contents: exported.text });
  await expect(dialog.getByRole('status')).toHaveText(
    'Nothing to change: the watchlist has every token of this file, with these holdings.',
  );
  await expect(section(dialog, 'Unchanged (5)').getByRole('listitem')).toHaveCount(5);
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(watchlist(page).getByRole('button', { name: 'Export / Import' })).toBeFocused();
});

test('a file with a bad line names it and changes nothing', async ({ page }) => {
  await openWatchlist(page);
  const dialog = await importWatchlistFile(page, {
    name: 'edited.csv',
    contents: 'id,symbol,name,holdings\nethereum,eth,Ethereum,1E-7\nbitcoin,btc,Bitcoin,"1,5"\n',
  });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('This file cannot be imported, so nothing was changed.');
  await expect(alert.getByRole('listitem')).toHaveText([
    "Line 2: holdings '1E-7' is not a plain decimal number, like 1.5 or 0.0000001.",
    "Line 3: holdings '1,5' is not a plain decimal number, like 1.5 or 0.0000001.",
  ]);
  await expect(dialog.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(watchlistCell(page, 'Ethereum', 'holdings')).toHaveText('1');
  await expect(watchlistRow(page, 'Bitcoin')).toHaveCount(0);
  await expect(portfolioTotal(page)).toHaveText(SAMPLE_TOTAL);
});

test('a file over 1 MB is refused unread', async ({ page }) => {
  await openWatchlist(page);
  const header = 'id,symbol,name,holdings\n';
  const contents = Buffer.alloc(1024 * 1024 + 1, 'x');
  contents.write(header);
  const dialog = await importWatchlistFile(page, { name: 'huge.csv', contents });
  await expect(dialog.getByRole('alert')).toContainText(
    'This file is larger than 1 MB, so it was not read. Import takes files of up to 1 MB.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(watchlist(page).getByRole('rowheader')).toHaveCount(5);
});
