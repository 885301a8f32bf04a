import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { editHoldings, portfolioTotal } from '../support/ui';

const ZERO_STATE = 'No Holdings , Please add some tokens to your portfolio';
const SEEDED_TOKENS = 5;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

const summaryCard = (page: Page) => page.getByRole('region', { name: 'Portfolio summary' });
const breakdownChart = (page: Page) => page.getByRole('img', { name: /^Portfolio breakdown:/ });

/** The Value column of the watchlist, read from the table's own header. */
async function rowValues(page: Page): Promise<number[]> {
  const table = page.getByRole('region', { name: 'Watchlist tokens' }).getByRole('table');
  const texts = await table.evaluate((element: HTMLTableElement) => {
    const header = [...(element.tHead?.rows[0]?.cells ?? [])];
    const column = header.findIndex((cell) => cell.textContent?.trim() === 'Value');
    return [...element.tBodies].flatMap((body) =>
      [...body.rows].map((row) => row.cells[column]?.textContent ?? ''),
    );
  });
  return texts.map(dollars);
}

/** The seeded portfolio with every price loaded and the total at rest. */
async function openSeededPortfolio(page: Page): Promise<number> {
  await page.goto('/');
  let sum = 0;
  await expect(async () => {
    const values = await rowValues(page);
    expect(values).toHaveLength(SEEDED_TOKENS);
    expect(values.every((value) => value > 0)).toBe(true);
    sum = values.reduce((a, b) => a + b, 0);
    await expect(portfolioTotal(page)).toHaveText(usd.format(sum), { timeout: 1_000 });
  }).toPass();
  return sum;
}

/**
 * Every text the element shows from now until it shows `last` (or `ms` milliseconds have
 * passed): the summary renders after the rows (a deferred render), later on a busy machine.
 */
function recordTextsUntil(element: Locator, last: string, ms = 10_000): Promise<string[]> {
  return element.evaluate(
    (node, { last, ms }) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const stop = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(seen);
        };
        const observer = new MutationObserver(() => {
          const text = node.textContent?.trim() ?? '';
          seen.push(text);
          if (text === last) stop();
        });
        observer.observe(node, { subtree: true, characterData: true, childList: true });
        const timer = setTimeout(stop, ms);
      }),
    { last, ms },
  );
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('the element is not displayed');
  return found;
}

test('the seeded portfolio shows a total equal to the sum of the rows’ values', async ({
  page,
}) => {
  await openSeededPortfolio(page);
  await expect(page.getByText(/^Last updated: \d{1,2}:\d{2}:\d{2}\s[AP]M$/)).toBeVisible();
  await expect(breakdownChart(page)).toHaveAccessibleName(
    /^Portfolio breakdown: Ethereum \(ETH\) \d+\.\d%, BNB \(BNB\) \d+\.\d%/,
  );
  await expect(
    page.getByRole('list', { name: 'Breakdown by token' }).getByRole('listitem'),
  ).toHaveCount(SEEDED_TOKENS);
});

test('editing a holding animates the total to the new sum', async ({ page }) => {
  const before = await openSeededPortfolio(page);
  const ethereumValue = (await rowValues(page))[0] ?? 0;

  const after = before + 2 * ethereumValue;
  const texts = recordTextsUntil(portfolioTotal(page), usd.format(after));
  await editHoldings(page, 'Ethereum', '3');
  await expect(portfolioTotal(page)).toHaveText(usd.format(after));
  expect(usd.format((await rowValues(page)).reduce((a, b) => a + b, 0))).toBe(usd.format(after));

  const shown = (await texts).map(dollars);
  const between = shown.filter((value) => value > before && value < after);
  // At least one value on the way: a loaded machine may paint only a frame or two of the 500 ms count.
  expect(between.length, 'values shown between the old and the new total').toBeGreaterThan(0);
  expect(shown.at(-1)).toBeCloseTo(after, 2);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a new total shows at once, without counting', async ({ page }) => {
    const before = await openSeededPortfolio(page);
    const ethereumValue = (await rowValues(page))[0] ?? 0;

    const after = usd.format(before + ethereumValue);
    const texts = recordTextsUntil(portfolioTotal(page), after);
    await editHoldings(page, 'Ethereum', '2');
    await expect(portfolioTotal(page)).toHaveText(after);
    expect(new Set(await texts)).toEqual(new Set([after]));
  });
});

test('removing every token shows the zero-state text and no chart', async ({ page }) => {
  await openSeededPortfolio(page);
  const menuButtons = page.getByRole('button', { name: /^Actions for / });
  for (let left = SEEDED_TOKENS; left > 0; left -= 1) {
    await expect(menuButtons).toHaveCount(left);
    await menuButtons.first().click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
  }
  await expect(menuButtons).toHaveCount(0);
  await expect(summaryCard(page)).toHaveText(ZERO_STATE);
  await expect(breakdownChart(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Portfolio Total' })).toHaveCount(0);
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the breakdown stacks under the total, inside the screen', async ({ page }) => {
    await openSeededPortfolio(page);
    const total = await box(page.getByRole('region', { name: 'Portfolio Total' }));
    const breakdown = await box(page.getByRole('region', { name: 'Portfolio Breakdown' }));
    const card = await box(summaryCard(page));
    expect(breakdown.y).toBeGreaterThanOrEqual(total.y + total.height);
    expect(card.x + card.width).toBeLessThanOrEqual(375);
  });
});

test('on a wide screen the two halves sit side by side', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSeededPortfolio(page);
  const total = await box(page.getByRole('region', { name: 'Portfolio Total' }));
  const breakdown = await box(page.getByRole('region', { name: 'Portfolio Breakdown' }));
  expect(breakdown.y).toBe(total.y);
  expect(breakdown.x).toBeGreaterThan(total.x + total.width);
});
