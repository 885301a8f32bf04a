import type { Locator, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect } from '../support/test';
import { setFixtureMode, startOwnMarket } from '../support/fixtures';

// The summary's 24h change and 7-day value chart, on the fixture market API.
// A fresh browser context starts from the five sample coins.

const HOUR_MS = 3_600_000;

const totalAmount = (page: Page) =>
  page.getByRole('region', { name: 'Portfolio Total' }).getByText(/^\$[\d,]+\.\d{2}$/);
const chart = (page: Page) => page.getByRole('slider', { name: 'Portfolio value, last 7 days' });
const chartSection = (page: Page) => page.getByRole('region', { name: '7-day value' });
/** The line above the chart: the range at rest, the time and value under the cursor. */
const readout = (page: Page) => chartSection(page).locator('p[aria-hidden="true"]');
const changeLine = (page: Page) =>
  page.getByRole('region', { name: 'Portfolio Total' }).locator('p').filter({ hasText: /24h$/ });

const valueNow = async (slider: Locator) => Number(await slider.getAttribute('aria-valuenow'));

/** The chart's fade-in and the glide of its cursor (rule and dot), as computed now. */
const chartMotion = (page: Page) =>
  chart(page).evaluate((plot) => ({
    fade: getComputedStyle(plot.querySelector('svg') as Element).animationName,
    glide: [...plot.querySelectorAll('span')].map((s) => getComputedStyle(s).transitionDuration),
  }));

async function openSeededPortfolio(page: Page, url = '/') {
  await page.goto(url);
  await expect(totalAmount(page)).toHaveText('$24,219.02');
  await expect(chart(page)).toBeVisible();
}

async function editHoldings(page: Page, tokenName: string, holdings: string) {
  await page.getByRole('button', { name: `Actions for ${tokenName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Holdings' }).click();
  await page.getByRole('spinbutton', { name: `Holdings of ${tokenName}` }).fill(holdings);
  await page.getByRole('button', { name: 'Save' }).click();
}

test.describe('in the dark scheme', () => {
  // The colours below are the dark scheme's (Playwright's default system preference is light).
  test.use({ colorScheme: 'dark' });

  test('the 24h change sits under the total, signed, in the colour of its sign', async ({
    page,
  }) => {
    await openSeededPortfolio(page);
    await expect(changeLine(page)).toHaveText(/^[+-]\$[\d,]+\.\d{2} \([+-]\d+\.\d{2}%\) 24h$/);
    const text = (await changeLine(page).textContent()) ?? '';
    const colour = await changeLine(page).evaluate((element) => getComputedStyle(element).color);
    // The theme's gain (#32ca5b) and loss (#ff6461) colours.
    expect(colour).toBe(text.startsWith('-') ? 'rgb(255, 100, 97)' : 'rgb(50, 202, 91)');
    // Every sample coin has a price and a 24h change: nothing is left out.
    await expect(page.getByText(/left out$/)).toHaveCount(0);
  });
});

test('the chart ends at the total, and moves with the pointer and the keys', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSeededPortfolio(page);
  const slider = chart(page);
  await expect(slider).toHaveAccessibleDescription(
    /^Portfolio value from .+ to .+: started at \$[\d,.]+ and ended at \$24,219\.02; high \$[\d,.]+ on .+; low \$[\d,.]+ on .+\.$/,
  );
  await expect(readout(page)).toHaveText(/^[A-Z][a-z]{2} \d+ – [A-Z][a-z]{2} \d+$/);

  const box = await slider.boundingBox();
  if (!box) throw new Error('the chart is not displayed');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await expect(readout(page)).toHaveText(/^[A-Z][a-z]{2} \d+, \d+:\d{2}\s[AP]M: \$[\d,]+\.\d{2}$/);
  await page.screenshot({
    path: testInfo.outputPath('chart-hover-1280.png'),
    animations: 'disabled',
  });
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2);
  await expect(readout(page)).toHaveText(/: \$24,219\.02$/);
  await page.mouse.move(0, 0);
  await expect(readout(page)).toHaveText(/ – /);

  await slider.focus();
  const end = await valueNow(slider);
  await expect(slider).toHaveAttribute('aria-valuetext', /: \$24,219\.02$/);
  await page.keyboard.press('ArrowLeft');
  expect(await valueNow(slider)).toBe(end - HOUR_MS);
  await page.keyboard.press('PageDown');
  expect(await valueNow(slider)).toBe(end - 25 * HOUR_MS);
  await page.keyboard.press('Home');
  expect(await valueNow(slider)).toBe(Number(await slider.getAttribute('aria-valuemin')));
  expect(await readout(page).textContent()).toBe(await slider.getAttribute('aria-valuetext'));
  await page.screenshot({
    path: testInfo.outputPath('chart-keys-1280.png'),
    animations: 'disabled',
  });

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')).toEqual(
    [],
  );
});

test('a holdings edit moves the chart and the 24h change with the total', async ({ page }) => {
  await openSeededPortfolio(page);
  const changeBefore = await changeLine(page).textContent();
  await editHoldings(page, 'Ethereum', '3');
  // Ethereum is $3,987.12 each: two more add $7,974.24.
  await expect(totalAmount(page)).toHaveText('$32,193.26');
  await expect(chart(page)).toHaveAttribute('aria-valuetext', /: \$32,193\.26$/);
  await expect(chart(page)).toHaveAccessibleDescription(/ended at \$32,193\.26;/);
  await expect(changeLine(page)).not.toHaveText(changeBefore ?? '');
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the chart fits the screen under the total', async ({ page }, testInfo) => {
    await openSeededPortfolio(page);
    const total = await totalAmount(page).boundingBox();
    const plot = await chart(page).boundingBox();
    if (!total || !plot) throw new Error('not displayed');
    expect(plot.y).toBeGreaterThan(total.y + total.height);
    expect(plot.x).toBeGreaterThanOrEqual(0);
    expect(plot.x + plot.width).toBeLessThanOrEqual(375);
    await chart(page).focus();
    await page.keyboard.press('Home');
    await page.screenshot({
      path: testInfo.outputPath('chart-keys-375.png'),
      fullPage: true,
      animations: 'disabled',
    });
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the chart neither fades in nor glides its cursor', async ({ page }) => {
    await openSeededPortfolio(page);
    await chart(page).focus();
    const motion = await chartMotion(page);
    expect(motion.fade).toBe('none');
    expect(motion.glide).toEqual(['0s', '0s']);
  });
});

test('without reduced motion the chart fades in and its cursor glides', async ({ page }) => {
  await openSeededPortfolio(page);
  await chart(page).focus();
  const motion = await chartMotion(page);
  expect(motion.fade).not.toBe('none');
  expect(motion.glide).toEqual(['0.12s, 0.12s', '0.12s, 0.12s']);
});

test.describe('from the saved state', () => {
  let market: Awaited<ReturnType<typeof startOwnMarket>>;
  test.beforeEach(async () => {
    // Its own fixture API, called by the page itself (direct mode, no gateway cache between):
    // this test makes it stop answering.
    market = await startOwnMarket({ MARKET_MODE: 'direct' });
  });
  test.afterEach(async () => {
    await market.close();
  });

  test('a series thinned when saved keeps its times: 4 h a point, ending where it did', async ({
    page,
  }) => {
    await openSeededPortfolio(page, market.baseUrl);
    const slider = chart(page);
    await slider.focus();
    const freshEnd = await valueNow(slider);
    await page.keyboard.press('ArrowLeft');
    expect(await valueNow(slider)).toBe(freshEnd - HOUR_MS);

    // No fresh prices after the reload: the page shows what it saved.
    await setFixtureMode(market.fixtures.origin, { mode: 'hang' });
    await page.reload();
    await expect(totalAmount(page)).toHaveText('$24,219.02');
    await slider.focus();
    expect(await valueNow(slider)).toBe(freshEnd);
    await expect(slider).toHaveAttribute('aria-valuetext', /: \$24,219\.02$/);
    await page.keyboard.press('ArrowLeft');
    expect(await valueNow(slider)).toBe(freshEnd - 4 * HOUR_MS);
    await page.keyboard.press('Home');
    expect(await valueNow(slider)).toBe(freshEnd - 41 * 4 * HOUR_MS);
  });
});
