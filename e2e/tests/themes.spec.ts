import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect } from '../support/test';
import { startStaticServer } from '../support/staticServer';
import { sharedFixturesUrl } from '../support/fixtures';
import { watchlist } from '../support/ui';

// The two colour schemes: on the composed page, chosen by the system or by the
// visitor, and on an embedded widget set by its color-scheme attribute.

const SCHEMES = ['dark', 'light'] as const;
/** The page colour of each scheme (shared/src/theme.ts), as the browser reports it. */
const PAGE_COLOUR = { dark: 'rgb(33, 33, 36)', light: 'rgb(244, 244, 245)' };

/** Every axe finding on the page: 'rule-id: selector' (contrast included). */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.flatMap(({ id, nodes }) =>
    nodes.map((node) => `${id}: ${node.target.join(' ')}`),
  );
}

async function openComposedPage(page: Page) {
  await page.goto('/');
  await expect(watchlist(page).getByRole('table')).toBeVisible();
  await expect(watchlist(page).getByText('$0.2012')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
}

const schemeOf = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-color-scheme'));
const bodyColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const scheme of SCHEMES) {
  test.describe(`the composed page, the system preferring ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test('follows the system, is axe clean, and looks it', async ({ page }, testInfo) => {
      await openComposedPage(page);
      expect(await schemeOf(page)).toBe(scheme);
      expect(await bodyColour(page)).toBe(PAGE_COLOUR[scheme]);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`composed-${scheme}.png`),
        fullPage: true,
      });
    });
  });
}

test.describe('the scheme switch', () => {
  test.use({ colorScheme: 'dark' });

  test('switches from the keyboard, is remembered, and the dialogs follow', async ({ page }) => {
    await openComposedPage(page);
    const schemes = page.getByRole('group', { name: 'Colour scheme' });
    await expect(schemes.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await schemes.getByRole('button', { name: 'Light' }).focus();
    await page.keyboard.press('Enter');
    await expect(schemes.getByRole('button', { name: 'Light' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await schemeOf(page)).toBe('light');
    expect(await bodyColour(page)).toBe(PAGE_COLOUR.light);

    await page.reload();
    await openComposedPage(page);
    expect(await schemeOf(page)).toBe('light');

    // The Add Token modal and its backdrop take the scheme's colours.
    await watchlist(page).getByRole('button', { name: 'Add Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Token' });
    await expect(dialog.getByText('Trending')).toBeVisible();
    expect(await dialog.evaluate((panel) => getComputedStyle(panel).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test('is set before the first paint by a same-origin script, not an inline one', async ({
    page,
  }) => {
    const response = await page.request.get('/');
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const script = /<script src="(color-scheme\.[0-9a-f]{8}\.js)"><\/script>/.exec(head);
    expect(script).not.toBeNull();
    const code = await (await page.request.get(`/${script?.[1]}`)).text();
    expect(code).toContain('data-color-scheme');
  });

  test('still follows the system when storage is blocked', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    // Storage refused for the scheme's key, as a sandboxed frame or a strict browser does.
    await page.addInitScript(() => {
      const { getItem, setItem } = Storage.prototype;
      const refuse = (key: string) => {
        if (key.includes('color-scheme')) throw new DOMException('Refused', 'SecurityError');
      };
      Storage.prototype.getItem = function (key) {
        refuse(key);
        return getItem.call(this, key);
      };
      Storage.prototype.setItem = function (key, value) {
        refuse(key);
        setItem.call(this, key, value);
      };
    });
    await openComposedPage(page);
    expect(await schemeOf(page)).toBe('light');
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    expect(await schemeOf(page)).toBe('dark');
  });
});

for (const scheme of SCHEMES) {
  test(`an embedded widget with color-scheme="${scheme}" paints its own surface on a plain white page`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const market = `${sharedFixturesUrl()}/api/v3`;
    const site = await mkdtemp(path.join(tmpdir(), 'tp-theme-site-'));
    await writeFile(
      path.join(site, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title>
<link rel="icon" href="data:,">
<script src="${new URL('remotes/watchlist/embed.js', baseURL).href}" defer></script>
<style>body { margin: 24px; background: #fff; color: #111; font-family: Georgia, serif; }</style>
</head><body><main><h1>My notes</h1>
<token-portfolio-watchlist color-scheme="${scheme}" market-api-url="${market}"></token-portfolio-watchlist>
</main></body></html>`,
    );
    const theirSite = await startStaticServer(site);
    try {
      await page.goto(theirSite.url);
      const element = page.locator('token-portfolio-watchlist');
      await expect(element.getByRole('table')).toBeVisible();
      await expect(element.getByText('$0.2012')).toBeVisible();
      const surface = await element.evaluate(
        (host) => getComputedStyle(host.shadowRoot?.querySelector('div') ?? host).backgroundColor,
      );
      expect(surface).toBe(PAGE_COLOUR[scheme]);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`embedded-${scheme}.png`),
        fullPage: true,
      });
    } finally {
      await theirSite.close();
      await rm(site, { recursive: true, force: true });
    }
  });
}
