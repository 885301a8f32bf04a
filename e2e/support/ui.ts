// What a visitor sees and does on the composed page, in the page's own words: the specs
// read as steps ('edit the holdings of Ethereum'), not as selectors.
import type { Download, Locator, Page } from '@playwright/test';
import { expect } from './test';
import { TEST_WALLET_ADDRESS } from './chain';

/** The watchlist widget. */
export const watchlist = (page: Page): Locator =>
  page.getByRole('region', { name: 'Watchlist', exact: true });

/** The summary's total, once it shows an amount. */
export const portfolioTotal = (page: Page): Locator =>
  page.getByRole('region', { name: 'Portfolio Total' }).getByText(/^\$[\d,]+\.\d{2}$/);

/**
 * The paths of the price requests the page sends from now on: a widget without a host
 * shows prices from the market API its config names.
 */
export function recordPriceRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/coins/markets')) paths.push(url.pathname);
  });
  return paths;
}

/** The widget's first prices were asked for, answered (Refresh Prices is no longer busy), and no error shown. */
export async function expectPricesLoaded(widget: Locator | Page, requests: string[]) {
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  await expect(widget.getByRole('button', { name: 'Refresh Prices' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await expect(widget.getByText('Prices could not be updated', { exact: false })).toHaveCount(0);
}

/** expectPricesLoaded, and every price request went to the server's gateway. */
export async function expectPricesFromGateway(widget: Locator | Page, requests: string[]) {
  await expectPricesLoaded(widget, requests);
  expect(requests.filter((path) => !path.startsWith('/api/market/'))).toEqual([]);
}

/** Actions for <token>, Edit Holdings, type the amount, Save. */
export async function editHoldings(page: Page, tokenName: string, holdings: string) {
  await watchlist(page)
    .getByRole('button', { name: `Actions for ${tokenName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit Holdings' }).click();
  await watchlist(page)
    .getByRole('spinbutton', { name: `Holdings of ${tokenName}` })
    .fill(holdings);
  await watchlist(page).getByRole('button', { name: 'Save', exact: true }).click();
}

/** Actions for <token>, Remove. */
export async function removeToken(page: Page, tokenName: string) {
  await watchlist(page)
    .getByRole('button', { name: `Actions for ${tokenName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
}

/** The watchlist's 'Add Token' button. */
export const addTokenButton = (page: Page): Locator =>
  page.getByRole('button', { name: 'Add Token' });

/** 'Add Token' opens the modal; returns it. */
export async function openAddToken(page: Page): Promise<Locator> {
  await addTokenButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add Token' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Adds tokens as a visitor does: Add Token, pick them in the modal, Add to Wishlist. */
export async function addTokens(page: Page, names: string[]) {
  const dialog = await openAddToken(page);
  for (const name of names) {
    await dialog.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
  }
  await dialog.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(dialog).toBeHidden();
}

/** An address as the header shortens it: first 4, an ellipsis, last 4. */
const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
/** The test account as the header shortens it (0xf3…2266). */
export const SHORT_ADDRESS = shortAddress(TEST_WALLET_ADDRESS);

/** The account button: the wallet's address (the test account's unless given), shortened. */
export const accountButton = (page: Page, address: string = TEST_WALLET_ADDRESS) =>
  page.getByRole('button', { name: shortAddress(address) });
export const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect Wallet' });
/**
 * 'Connect Wallet' drawn by the wallet code once ready, not the header's early button that
 * stands in for it until then: the same to the visitor, but a new element in its place.
 */
export const readyConnectButton = (page: Page) =>
  page.getByTestId('wallet-slot').locator('[aria-hidden="false"]').getByRole('button', {
    name: 'Connect Wallet',
  });

/** Connect Wallet, choose the test wallet, sign the message (as `address`, the test account's unless given). */
export async function connectAndSignIn(page: Page, address: string = TEST_WALLET_ADDRESS) {
  await connectButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(accountButton(page, address)).toBeVisible();
}

/** A watchlist row by its token's name ('Ethereum'). */
export const watchlistRow = (page: Page, token: string): Locator =>
  watchlist(page).getByRole('row', { name: new RegExp(`^${token} \\(`) });

/** The status of the wallet's saved watchlist under the header ('Saved', ...), while signed in. */
export const syncStatus = (page: Page): Locator => page.getByTestId('sync-status');

/** The watchlist's columns with figures, by their cells' test ids (docs/product.md#rows). */
export type FigureColumn = 'price' | 'change' | 'market-cap' | 'holdings' | 'value';

/** A cell of a watchlist row, by its column's test id (never by position). */
export const watchlistCell = (page: Page, token: string, column: FigureColumn): Locator =>
  watchlistRow(page, token).getByTestId(column);

/** Export / Import, then 'Export as CSV' or 'Export as JSON': the file's name and text. */
export async function exportWatchlist(
  page: Page,
  format: 'CSV' | 'JSON',
): Promise<{ name: string; text: string }> {
  await watchlist(page).getByRole('button', { name: 'Export / Import' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: `Export as ${format}` }).click();
  return readDownload(await download);
}

/** A downloaded file's name and text. */
export async function readDownload(file: Download): Promise<{ name: string; text: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** Export / Import, 'Import a file…', and this file chosen; returns the import dialog. */
export async function importWatchlistFile(
  page: Page,
  file: { name: string; contents: string | Buffer },
): Promise<Locator> {
  await watchlist(page).getByRole('button', { name: 'Export / Import' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import a file…' }).click();
  await (
    await chooser
  ).setFiles({
    name: file.name,
    mimeType: file.name.endsWith('.json') ? 'application/json' : 'text/csv',
    buffer: Buffer.isBuffer(file.contents) ? file.contents : Buffer.from(file.contents, 'utf8'),
  });
  const dialog = page.getByRole('dialog', { name: 'Import watchlist' });
  await expect(dialog).toBeVisible();
  return dialog;
}
