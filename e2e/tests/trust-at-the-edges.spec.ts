import type { Locator, Page, Response } from '@playwright/test';
import { test, expect } from '../support/test';
import { setFixtureMode, startOwnMarket } from '../support/fixtures';
import { WALLET_CODE, holdRequests } from '../support/heldRequests';
import { connectButton, openAddToken, watchlist } from '../support/ui';
import { leaveBeforeServersClose } from '../support/servers';

// Trust at the edges (ADR 0030): no click loses holdings, old prices never pass as current, widgets fit any
// slot, standalone pages work, the header is there from the first paint.

const row = (scope: Page | Locator, token: string) =>
  (scope as Locator).getByRole('row', { name: new RegExp(`^${token} \\(`) });
/** A row's cell in a column, by the column's test id. */
const cell = (scope: Page | Locator, token: string, column: 'price' | 'holdings' | 'value') =>
  row(scope, token).getByTestId(column);

async function openSamples(page: Page, url = '/') {
  await page.goto(url);
  await expect(cell(watchlist(page), 'Dogecoin', 'price')).toHaveText('$0.2012');
}

test('a watched token unchecked and checked again in Add Token keeps its holdings', async ({
  page,
}) => {
  await openSamples(page);
  const dialog = await openAddToken(page);
  await dialog.getByRole('searchbox').fill('sol');
  const solana = dialog.getByRole('option', { name: /^Solana \(/ });
  await solana.click();
  await expect(solana).toHaveAttribute('aria-selected', 'false');
  await solana.click();
  await expect(solana).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(cell(watchlist(page), 'Solana', 'holdings')).toHaveText('20');
  await expect(cell(watchlist(page), 'Solana', 'value')).toHaveText('$3,935.60');
  // In its place: fourth, as in the samples.
  await expect(watchlist(page).getByRole('rowheader').nth(3)).toHaveText(/^Solana/);
});

test('Remove offers Undo, reached from the keyboard, which puts the row back in place', async ({
  page,
}) => {
  await openSamples(page);
  const list = watchlist(page);
  await list.getByRole('button', { name: 'Actions for BNB' }).focus();
  await page.keyboard.press('Enter');
  // The open menu renders a moment after Enter (its code is its own chunk).
  await expect(page.getByRole('menuitem', { name: 'Edit Holdings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(row(list, 'BNB')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'BNB removed' })).toBeVisible();
  // From the row that took the focus, past the rows below it, to Undo.
  await expect(list.getByRole('button', { name: 'Actions for XRP' })).toBeFocused();
  const undo = page.getByRole('button', { name: 'Undo' });
  for (
    let tabs = 0;
    tabs < 6 && !(await undo.evaluate((b) => b === document.activeElement));
    tabs++
  )
    await page.keyboard.press('Tab');
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('rowheader').nth(1)).toHaveText(/^BNB/);
  await expect(cell(list, 'BNB', 'holdings')).toHaveText('10');
  await expect(list.getByRole('button', { name: 'Actions for BNB' })).toBeFocused();
  await page.reload();
  await expect(cell(watchlist(page), 'BNB', 'value')).toHaveText('$11,874.30');
});

test('a price under $1 keeps four significant digits; values keep two decimals', async ({
  page,
}) => {
  await openSamples(page);
  const dialog = await openAddToken(page);
  await dialog.getByRole('searchbox').fill('pepe');
  await dialog.getByRole('option', { name: /^Pepe \(/ }).click();
  await dialog.getByRole('button', { name: 'Add to Wishlist' }).click();
  const list = watchlist(page);
  await expect(cell(list, 'Pepe', 'price')).toHaveText('$0.000007210');
  await expect(cell(list, 'Dogecoin', 'price')).toHaveText('$0.2012');
  await expect(cell(list, 'Dogecoin', 'value')).toHaveText('$2,012.00');
});

test.describe('with the market failing', () => {
  test.use({ allowConsoleErrors: /status of 429|Rate limit exceeded/ });

  test('says that prices could not be updated while its retry still waits, and old prices carry their date', async ({
    page,
  }) => {
    const market = await startOwnMarket();
    try {
      // The gateway asks for 30 s before a retry: the page must not wait for it to say so.
      await setFixtureMode(market.fixtures.url, { mode: '429', retryAfter: 30 });
      await page.goto(market.baseUrl);
      await expect(
        watchlist(page).getByRole('status').filter({ hasText: 'Prices could not be updated.' }),
      ).toBeVisible();
      // Said with the retry still to come, not after it.
      await expect(watchlist(page).getByText(/Trying again…$/)).toBeVisible();
      // The first-visit samples are from October 2025: their date is said.
      await expect(
        page.getByText(/^Last updated: Oct \d{1,2}, 2025, \d{1,2}:\d{2}:\d{2}\s[AP]M$/),
      ).toBeVisible();
      await leaveBeforeServersClose(page);
    } finally {
      await market.close();
    }
  });
});

test.describe('with the market failing behind the gateway after it once had prices', () => {
  test("a fresh visit says the prices are the gateway's kept ones, with their time, and Last updated is theirs, not now", async ({
    page,
    browser,
  }) => {
    // Prices kept fresh for 1 s: past it, the gateway asks the market again.
    const market = await startOwnMarket({ MARKET_GATEWAY_FRESH_SECONDS: '1' });
    try {
      // A first visitor: the gateway fetches the prices and keeps them.
      const firstVisit = await browser.newContext();
      const firstPage = await firstVisit.newPage();
      const firstPrices = firstPage.waitForResponse(isPricesAnswer);
      await firstPage.goto(market.baseUrl);
      expect((await firstPrices).headers()['x-market-cache']).toBe('miss');
      await firstVisit.close();

      await setFixtureMode(market.fixtures.url, { mode: '500' });
      await page.waitForTimeout(1_100); // the kept prices are no longer fresh
      const visitedAt = Date.now();
      const keptPrices = page.waitForResponse(isPricesAnswer);
      await page.goto(market.baseUrl);
      const answer = await keptPrices;
      expect(answer.headers()['x-market-cache']).toBe('stale');
      const keptAt = Date.parse(answer.headers()['last-modified'] ?? '');
      expect(keptAt).toBeLessThan(visitedAt - 1_000);
      // The time as Intl writes it (format.intl.property.test.ts: the page writes it so).
      const time = new Date(keptAt).toLocaleTimeString('en-US').replace(/\s/g, ' ');

      await expect(page.getByText(/^Last updated: /)).toHaveText(`Last updated: ${time}`);
      // Said with the prices, in the same render: already there once they show (the
      // summary renders after the watchlist).
      const message = watchlist(page).getByRole('status').filter({ hasText: 'Prices could not' });
      expect(await message.textContent()).toBe(
        `Prices could not be updated. Showing prices from ${time}.`,
      );

      // The market answers again: fresh prices end the message.
      await setFixtureMode(market.fixtures.url, { mode: 'ok' });
      await expect(async () => {
        await watchlist(page).getByRole('button', { name: 'Refresh Prices' }).click();
        await expect(message).toHaveCount(0, { timeout: 2_000 });
      }).toPass();
      await expect(page.getByText(/^Last updated: /)).not.toHaveText(`Last updated: ${time}`);
      await leaveBeforeServersClose(page);
    } finally {
      await market.close();
    }
  });
});

/** The gateway's answer to the watched tokens' price request. */
const isPricesAnswer = (response: Response) =>
  new URL(response.url()).pathname === '/api/market/coins/markets' && response.ok();

/**
 * Pairs of text boxes that overlap inside a widget (its shadow root), by the boxes of
 * its text nodes; visually hidden text (inside 1 px boxes) is left out.
 */
async function overlappingTexts(widget: Locator): Promise<string[]> {
  return widget.evaluate((host) => {
    const root = host.shadowRoot ?? host;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const boxes: { text: string; box: DOMRect }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text) continue;
      // Out of sight (a 1 px box that hides what overflows it): for screen readers only.
      let hidden = false;
      for (let box = node.parentElement; box && !hidden; box = box.parentElement) {
        const { width, height } = box.getBoundingClientRect();
        hidden = (width <= 2 || height <= 2) && getComputedStyle(box).overflow === 'hidden';
      }
      if (hidden) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (box.width > 2 && box.height > 2) boxes.push({ text, box });
      }
    }
    const overlaps: string[] = [];
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) overlaps.push(`"${a.text}" over "${b.text}"`);
      }),
    );
    return overlaps;
  });
}

for (const width of [280, 300, 375]) {
  test(`an embedded watchlist ${width} px wide draws no text over other text`, async ({ page }) => {
    // The widget alone in a narrow container: the embedding example's, made that wide.
    await page.goto('/examples/embed.html');
    await page
      .locator('token-portfolio-watchlist')
      .evaluate(
        (element, px) => element.setAttribute('style', `display:block;width:${px}px`),
        width,
      );
    const widget = page.locator('token-portfolio-watchlist');
    await expect(cell(widget, 'Dogecoin', 'price')).toHaveText('$0.2012');
    expect(await overlappingTexts(widget)).toEqual([]);
    // Nor does anything stick out of it (a button cut off at its edge).
    const outside = await widget.evaluate((host) => {
      const edge = host.getBoundingClientRect().right;
      // The column headers of the cards are out of sight (a 1 px box): left out.
      return [...(host.shadowRoot ?? host).querySelectorAll('button, tbody td, tbody th, h2')]
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .map((element) => element.textContent);
    });
    expect(outside).toEqual([]);
    await widget.screenshot({ path: test.info().outputPath(`embedded-${width}.png`) });
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('the composed page does not scroll sideways, and Connect Wallet keeps off the edge', async ({
    page,
  }) => {
    await openSamples(page);
    await expect(connectButton(page)).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    // Polled: the header may swap the button's element as the wallet code arrives.
    await expect
      .poll(async () => {
        const button = await connectButton(page).boundingBox();
        return button ? button.x + button.width : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(320 - 8);
  });
});

test('a standalone watchlist opens Add Token (the add-token widget beside it)', async ({
  page,
}) => {
  await openSamples(page, '/remotes/watchlist/');
  const dialog = await openAddToken(page);
  await expect(dialog.getByRole('option', { name: /^Bitcoin \(/ })).toBeVisible();
});

test('a standalone header offers the wallet and asks the auth API where it is', async ({
  page,
}) => {
  const sessions: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/session')) sessions.push(new URL(request.url()).pathname);
  });
  await page.goto('/remotes/header/');
  await expect(connectButton(page)).toBeVisible();
  expect(sessions).toEqual(['/api/auth/session']);
});

test("the header holds the wallet button's place from the first paint; Connect Wallet shows with the prices", async ({
  page,
}) => {
  // The wallet code comes late (a slow line): the button must not wait for it.
  const walletCode = await holdRequests(page, WALLET_CODE);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    (window as Window & { layoutShifts?: number[] }).layoutShifts = shifts;
  });
  await page.goto('/');
  const slot = page.getByTestId('wallet-slot');
  await expect(slot).toBeAttached();
  const first = await slot.boundingBox();
  expect(first?.width).toBeGreaterThanOrEqual(120);
  await expect(cell(watchlist(page), 'Dogecoin', 'price')).toHaveText('$0.2012');
  await expect(connectButton(page)).toBeVisible();
  expect(await slot.boundingBox()).toEqual(first);
  // A click before the wallet code came opens the dialog once it has.
  await walletCode.asked;
  await connectButton(page).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  walletCode.release();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 10_000 });
  const headerShifts = await page.evaluate(
    () => (window as Window & { layoutShifts?: number[] }).layoutShifts ?? [],
  );
  expect(headerShifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});
