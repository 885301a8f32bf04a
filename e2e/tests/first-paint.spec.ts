import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '../support/test';

const repoRoot = path.resolve(import.meta.dirname, '../..');

test('the page carries its config and preloads the first paint, each file fetched once', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const response = await page.goto('/');
  const html = (await response?.text()) ?? '';
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByText('Portfolio Total')).toBeVisible();

  // The config is in the page; config.json is not asked for.
  expect(html).toContain('<script type="application/json" id="token-portfolio-config">');
  expect(requested.filter((url) => url.endsWith('/config.json'))).toEqual([]);

  // The hints of the page as served (the host adds the modal's once it loads it).
  const hints = await page.evaluate((served) => {
    const document = new DOMParser().parseFromString(served, 'text/html');
    return [...document.querySelectorAll('link[rel=preload]')].map((link) => ({
      href: new URL(link.getAttribute('href') ?? '', location.href).href,
      as: link.getAttribute('as'),
      crossorigin: link.hasAttribute('crossorigin'),
    }));
  }, html);
  // The host's entry first; every first-paint remote's entry and widget; never the modal.
  // No manifest: the remotes run on the host's runtime version, so the config names their
  // entries (ADR 0020).
  expect(hints[0]?.href).toMatch(/\/main\.[0-9a-f]{8}\.js$/);
  for (const name of ['header', 'summary', 'watchlist']) {
    expect(hints).toContainEqual({
      href: new URL(`/remotes/${name}/remoteEntry.composed.js`, page.url()).href,
      as: 'script',
      crossorigin: false,
    });
  }
  expect(hints.some(({ href }) => href.includes('/remotes/addToken/'))).toBe(false);
  const firstPaintManifests = requested.filter(
    (url) => url.endsWith('/mf-manifest.json') && !url.includes('/remotes/addToken/'),
  );
  expect(firstPaintManifests).toEqual([]);

  // Every hint is used: no URL is fetched twice (a preload that does not match the later
  // request would be fetched again), and every hinted file is one the page needed.
  const counts = new Map<string, number>();
  for (const url of requested) counts.set(url, (counts.get(url) ?? 0) + 1);
  expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
  const used = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  for (const { href } of hints) expect(used, `${href} is used`).toContain(href);
  // Nor does the federation runtime preload a remote's other chunks, where the page hinted
  // its files (a manifest lists every expose's chunks with the widget's).
  expect(requested.filter((url) => url.includes('__federation_expose_mount'))).toEqual([]);
});

test('the first paint’s scripts ask V8 to compile them as they stream in; later code does not', async ({
  page,
  request,
}) => {
  const requested: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') requested.push(sent.url());
  });
  await page.goto('/');
  const scripts = await page.$$eval('link[rel=preload][as=script]', (links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  );
  expect(scripts.length).toBeGreaterThan(4);
  for (const url of scripts) {
    const code = await (await request.get(url)).text();
    expect(code.startsWith('//# allFunctionsCalledOnLoad\n'), url).toBe(true);
  }
  // The header's wallet control loads once the portfolio shows: compiled lazily, as V8
  // does by default. Waited for itself: the button shows with the prices, and the wallet
  // code's request may leave after it.
  const laterHeaderScripts = () =>
    requested.filter((url) => url.includes('/remotes/header/') && !scripts.includes(url));
  await expect.poll(() => laterHeaderScripts().length).toBeGreaterThan(0);
  const walletScripts = laterHeaderScripts();
  for (const url of walletScripts) {
    const code = await (await request.get(url)).text();
    expect(code.startsWith('//# allFunctionsCalledOnLoad'), url).toBe(false);
  }
});

test('the boot script is inline, small, and allowed by the hash the build records', async ({
  page,
}) => {
  const html = (await (await page.goto('/'))?.text()) ?? '';
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code = '']) => code);
  expect(inline).toHaveLength(1);
  const boot = inline[0] ?? '';
  expect(boot.length, 'boot script bytes').toBeLessThan(4096);
  const hashes = JSON.parse(
    await readFile(path.join(repoRoot, 'host/dist/csp-hashes.json'), 'utf8'),
  ) as { 'script-src': string[] };
  const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
  expect(hashes).toEqual({ 'script-src': [hash] });
});

test('the watched tokens’ prices are asked for once, by the boot script, and the sagas adopt the answer', async ({
  page,
}) => {
  const markets: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/coins/markets')) markets.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByText('Portfolio Total')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('tbody tr').length))
    .toBe(5);
  expect(markets).toHaveLength(1);
  expect(new URL(markets[0] ?? '').searchParams.get('ids')).toBe(
    'ethereum,binancecoin,ripple,solana,dogecoin',
  );
});
