import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '../support/test';
import { startComposedServer } from '../support/servers';
import { sharedFixturesUrl } from '../support/fixtures';
import { defaultDistFolders } from '../../host/server/server';
import { duplicatedPackages, loadedPackages } from '../support/loadedModules';

test('the page is composed of four remotes, each loaded from its own manifest', async ({
  page,
}) => {
  const manifests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/mf-manifest.json'))
      manifests.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Token Portfolio', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByText('Portfolio Total')).toBeVisible();
  expect(manifests.sort()).toEqual([
    '/remotes/addToken/mf-manifest.json',
    '/remotes/header/mf-manifest.json',
    '/remotes/summary/mf-manifest.json',
    '/remotes/watchlist/mf-manifest.json',
  ]);
});

test('shared singletons are loaded once across host and remotes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  const packages = await loadedPackages(page);
  for (const name of ['react', 'react-dom', 'redux', 'react-redux', '@token-portfolio/shared']) {
    expect(packages, `${name} is loaded`).toContain(name);
  }
  // Each container carries its own federation runtime by design (it must boot alone);
  // every application package is loaded once. See docs/decisions/0002-federation-runtime.md.
  const duplicates = await duplicatedPackages(page);
  expect(duplicates.filter((name) => !name.startsWith('@module-federation/'))).toEqual([]);
});

test.describe('a remote that cannot be fetched', () => {
  test.use({ allowConsoleErrors: /Failed to load resource|watchlist/i });

  test('shows its fallback card, the rest works, and Retry brings it back', async ({ page }) => {
    // The composed server serves copies of the builds, so this test can take one away.
    const root = await mkdtemp(path.join(tmpdir(), 'tp-dists-'));
    const dists = defaultDistFolders();
    const copies = Object.fromEntries(
      await Promise.all(
        Object.entries(dists).map(async ([name, folder]) => {
          const copy = path.join(root, name);
          await cp(folder, copy, { recursive: true });
          return [name, copy];
        }),
      ),
    ) as typeof dists;
    const hidden = `${copies.watchlist}.away`;
    await rename(copies.watchlist, hidden);
    const server = await startComposedServer(
      { MARKET_API_URL: `${sharedFixturesUrl()}/api/v3` },
      copies,
    );
    try {
      await page.goto(server.url);
      const fallback = page.getByRole('alert').filter({ hasText: 'Watchlist is unavailable' });
      await expect(fallback).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Token Portfolio' })).toBeVisible();
      await expect(page.getByText('Portfolio Total')).toBeVisible();

      await rename(hidden, copies.watchlist);
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
      await expect(fallback).toHaveCount(0);
    } finally {
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

test('the composed server sends scripts compressed, hashed ones cached for a year', async ({
  page,
}) => {
  const scripts: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) {
      scripts.push({ url: response.url(), headers: response.headers() });
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  const hashed = scripts.filter(({ url }) => /\.[0-9a-f]{8}\.js$/.test(url));
  expect(hashed.length).toBeGreaterThan(0);
  for (const { url, headers } of hashed) {
    expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    expect(headers['etag'], url).toBeTruthy();
  }
  const big = scripts.filter(({ headers }) => headers['content-encoding'] !== undefined);
  expect(big.length).toBeGreaterThan(0);
  for (const { url, headers } of big)
    expect(['br', 'gzip'], url).toContain(headers['content-encoding']);
  for (const { url, headers } of scripts.filter(({ url }) => url.endsWith('/remoteEntry.js'))) {
    expect(headers['cache-control'], url).toBe('no-cache');
  }
});
