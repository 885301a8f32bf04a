import { readdir } from 'node:fs/promises';
import { test, expect } from '../support/test';
import { startNginxSite, type NginxSite } from '../support/nginx';
import { sharedFixturesUrl } from '../support/fixtures';
import { watchViolations } from '../support/cspViolations';
import { defaultDistFolders } from '@token-portfolio/server/dist-folders';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let site: NginxSite;

test.beforeAll(async () => {
  const { host: _host, ...remotes } = defaultDistFolders();
  site = await startNginxSite(remotes, `${sharedFixturesUrl()}/api/v3`);
});

test.afterAll(async () => {
  await site.close();
});

test('each remote served from its own nginx origin composes the page', async ({ page }) => {
  const lists: { url: string; headers: Record<string, string> }[] = [];
  const chunks: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (response) => {
    const url = response.url();
    // The page picks each remote's entry from the list beside its manifest
    // (docs/architecture.md#the-composed-page-step-by-step).
    if (url.endsWith('/first-paint.json')) lists.push({ url, headers: response.headers() });
    else if (/\.[0-9a-f]{8}\.js$/.test(url) && !url.startsWith(site.hostUrl)) {
      chunks.push({ url, headers: response.headers() });
    }
  });
  await page.goto(site.hostUrl);
  await expect(page.getByRole('heading', { name: 'Token Portfolio', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByText(/Portfolio Total|No Holdings ,/).first()).toBeVisible();

  const hostOrigin = new URL(site.hostUrl).origin;
  // The Add Token modal's list comes once the portfolio is on screen (it is deferred).
  await expect
    .poll(() => lists.map(({ url }) => new URL(url).origin).sort())
    .toEqual(
      Object.values(site.remoteUrls)
        .map((url) => new URL(url).origin)
        .sort(),
    );
  for (const { headers } of lists) {
    expect(headers['access-control-allow-origin']).toBe(hostOrigin);
    expect(headers['cache-control']).toBe('no-cache');
  }
  expect(chunks.length).toBeGreaterThan(0);
  // gzip_static sends the build's .gz, emitted beside every file above 1 KB.
  const gzipped = chunks.filter(({ headers }) => headers['content-encoding'] === 'gzip');
  expect(gzipped.length).toBeGreaterThan(0);
  for (const { url, headers } of chunks) {
    if (headers['content-encoding'] !== 'gzip') {
      expect(Number(headers['content-length']), `${url} is small`).toBeLessThanOrEqual(1024);
    }
  }
  for (const { headers } of chunks) {
    expect(headers['cache-control']).toBe(IMMUTABLE);
    expect(headers['access-control-allow-origin']).toBe(hostOrigin);
  }
});

test('the page runs under the documented security headers without a violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto(site.hostUrl);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('row', { name: /Ethereum/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('remoteEntry.js and embed.js revalidate; another origin gets no CORS grant', async ({
  request,
}) => {
  const watchlist = site.remoteUrls['watchlist'] ?? '';
  for (const file of ['remoteEntry.js', 'embed.js', 'mf-manifest.json']) {
    const response = await request.get(`${watchlist}${file}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-cache');
  }
  const preflight = await request.fetch(`${watchlist}mf-manifest.json`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-origin']).not.toBe('https://elsewhere.example');
  // The preflight keeps the remote's own headers.
  expect(preflight.headers()['x-content-type-options']).toBe('nosniff');
  expect(preflight.headers()['cross-origin-resource-policy']).toBe('cross-origin');
});

test('source maps and build records are not published; manifests and first-paint lists are', async ({
  request,
}) => {
  const watchlist = site.remoteUrls['watchlist'] ?? '';
  const map = (await readdir(defaultDistFolders().watchlist)).find((f) => f.endsWith('.js.map'));
  for (const file of [map, 'mf-stats.json', 'chunk-modules.json']) {
    expect([file, (await request.get(`${watchlist}${file}`)).status()]).toEqual([file, 404]);
  }
  for (const file of ['mf-manifest.json', 'first-paint.json']) {
    expect([file, (await request.get(`${watchlist}${file}`)).status()]).toEqual([file, 200]);
  }
  for (const file of ['csp-hashes.json', 'chunk-modules.json']) {
    expect([file, (await request.get(`${site.hostUrl}/${file}`)).status()]).toEqual([file, 404]);
  }
});
