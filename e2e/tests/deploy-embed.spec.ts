import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { startComposedServer, leaveBeforeServersClose } from '../support/servers';
import { startStaticServer } from '../support/staticServer';
import { defaultDistFolders } from '@token-portfolio/server/dist-folders';
import { sharedFixturesUrl } from '../support/fixtures';
import { addBannerToWatchlist, buildRemoteVariant } from '../support/variantBuild';
import {
  expectPricesFromGateway,
  expectPricesLoaded,
  recordPriceRequests,
  watchlist,
} from '../support/ui';
import { REMOTE_NAMES } from '@token-portfolio/shared/remotes';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const marketEnv = () => ({ MARKET_API_URL: `${sharedFixturesUrl()}/api/v3` });

test('a plain page embeds two widgets that share one store', async ({ page, baseURL }) => {
  // The example page as a user would put it on their own site: its script tags point at
  // where the remotes are deployed, its market URL at a market API (our fixtures).
  const example = await readFile(path.join(repoRoot, 'examples/embed.html'), 'utf8');
  const site = await mkdtemp(path.join(tmpdir(), 'tp-embed-site-'));
  await writeFile(
    path.join(site, 'index.html'),
    example
      .replaceAll('src="/remotes/', `src="${new URL('remotes/', baseURL).href}`)
      .replaceAll('market-api-url="/api/market"', `market-api-url="${marketEnv().MARKET_API_URL}"`),
  );
  const theirSite = await startStaticServer(site);
  try {
    await page.goto(theirSite.url);
    expect(
      await page.evaluate(() => 'React' in window || '__REACT_DEVTOOLS_GLOBAL_HOOK__' in window),
    ).toBe(false);

    const summary = page.locator('token-portfolio-summary');
    const watchlist = page.locator('token-portfolio-watchlist');
    const total = summary.getByRole('region', { name: 'Portfolio Total' });
    await expect(total).toBeVisible();
    await expect(watchlist.getByRole('table')).toBeVisible();
    const totalBefore = (await total.textContent()) ?? '';

    await watchlist.getByRole('button', { name: /actions for ethereum/i }).click();
    await watchlist.getByRole('menuitem', { name: 'Edit Holdings' }).click();
    const input = watchlist.getByRole('spinbutton');
    await input.fill('3');
    await input.press('Enter');
    await expect(total).not.toHaveText(totalBefore);

    // The page's CSS does not reach inside the widgets: its buttons are hotpink, ours are not.
    const buttonBackground = await watchlist
      .getByRole('button', { name: 'Add Token' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(buttonBackground).not.toBe('rgb(255, 105, 180)');
  } finally {
    await theirSite.close();
    await rm(site, { recursive: true, force: true });
  }
});

test('the example page, as npm start serves it, shows prices from the gateway', async ({
  page,
}) => {
  const marketCalls = recordPriceRequests(page);
  await page.goto('examples/embed.html');
  const watchlist = page.locator('token-portfolio-watchlist');
  await expect(watchlist.getByRole('row', { name: /Ethereum \(ETH\)/ })).toBeVisible();
  await expectPricesFromGateway(watchlist, marketCalls);
});

/** Per price request, the names of the headers that carry `key`. */
function keyHeaderNames(page: Page, key: string): string[][] {
  const names: string[][] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/coins/markets')) return;
    const headers = Object.entries(request.headers());
    names.push(headers.filter(([, value]) => value === key).map(([name]) => name));
  });
  return names;
}

/** A config.json as a person might write it: a key, and a plan CoinGecko does not have. */
const handWrittenMarket = () => ({
  baseUrl: marketEnv().MARKET_API_URL,
  apiKey: 'CG-their-demo-key',
  plan: 'free',
});

test('a remote deployed alone on a static host reads the config.json beside it; a bad field is named and its default applies', async ({
  page,
}) => {
  // docs/deploying.md: the standalone page takes its market from a config.json deployed
  // beside it, written by hand, here with a plan CoinGecko does not have.
  const site = await mkdtemp(path.join(tmpdir(), 'tp-standalone-'));
  await cp(defaultDistFolders().watchlist, site, { recursive: true });
  const market = handWrittenMarket();
  await writeFile(path.join(site, 'config.json'), JSON.stringify({ market }));
  const cdn = await startStaticServer(site);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const marketCalls = recordPriceRequests(page);
  const keyHeaders = keyHeaderNames(page, market.apiKey);
  try {
    await page.goto(cdn.url);
    await expect(page.getByRole('row', { name: /Ethereum \(ETH\)/ })).toBeVisible();
    await expectPricesLoaded(page, marketCalls);
    expect(warnings).toContain(
      "[token-portfolio] ignoring the market.plan option: expected 'demo' or 'pro'; the default applies.",
    );
    // The default plan's header carries their key, to the market their config names.
    for (const names of keyHeaders) expect(names).toEqual(['x-cg-demo-api-key']);
    await leaveBeforeServersClose(page);
  } finally {
    await cdn.close();
    await rm(site, { recursive: true, force: true });
  }
});

test('a static-only deployment (docs/deploying.md): the builds as files, the market its hand-written config.json names, no sign-in asked', async ({
  page,
}) => {
  // Every build, served as files (a static host on a busy machine: room for the page's load).
  test.setTimeout(90_000);
  const site = await mkdtemp(path.join(tmpdir(), 'tp-static-only-'));
  const dists = defaultDistFolders();
  // The host's files at the site's root and each remote under /remotes/, linked rather than
  // copied (the builds are 87 MB); only config.json is the site's own.
  for (const file of await readdir(dists.host)) {
    await symlink(path.join(dists.host, file), path.join(site, file));
  }
  await mkdir(path.join(site, 'remotes'));
  for (const name of REMOTE_NAMES) {
    await symlink(dists[name], path.join(site, 'remotes', name));
  }
  const config = {
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
    ),
    market: handWrittenMarket(),
    walletConnectProjectId: null,
    localChainRpcUrl: null,
  };
  await writeFile(path.join(site, 'config.json'), JSON.stringify(config));
  const staticHost = await startStaticServer(site);
  // Requests to the site that no file answers: a static host has no /api.
  const apiAsked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.url().startsWith(staticHost.url) && url.pathname.startsWith('/api/')) {
      apiAsked.push(url.pathname);
    }
  });
  const marketCalls = recordPriceRequests(page);
  const keyHeaders = keyHeaderNames(page, config.market.apiKey);
  try {
    await page.goto(staticHost.url);
    await expect(page.getByText('Portfolio Total')).toBeVisible();
    await expect(watchlist(page).getByRole('row', { name: /Ethereum \(ETH\)/ })).toBeVisible();
    await expectPricesLoaded(page, marketCalls);
    // The host page takes the config as written, and a plan it does not know is demo's.
    for (const names of keyHeaders) expect(names).toEqual(['x-cg-demo-api-key']);
    // The wallet works without sign-in; nothing was asked of an auth API that is not there.
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    expect(apiAsked).toEqual([]);
    await leaveBeforeServersClose(page);
  } finally {
    await staticHost.close();
    await rm(site, { recursive: true, force: true });
  }
});

test('a new watchlist build at another URL is picked up from config alone', async ({ page }) => {
  test.setTimeout(120_000); // includes a real Rspack build of the variant
  const variantDist = await buildRemoteVariant('watchlist', 'banner', (dir) =>
    addBannerToWatchlist(dir, 'Watchlist build 2'),
  );
  const cdn = await startStaticServer(variantDist);
  const first = await startComposedServer(marketEnv());
  const port = new URL(first.url).port;
  try {
    await page.goto(first.url);
    await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
    await expect(page.getByText('Watchlist build 2')).toHaveCount(0);
    await leaveBeforeServersClose(page);
    await first.close();

    // Same host build, same origin; only the config names another manifest URL.
    const second = await startComposedServer({
      ...marketEnv(),
      PORT: port,
      REMOTE_WATCHLIST_URL: `${cdn.url}mf-manifest.json`,
    });
    try {
      await page.goto(first.url); // a reload of the same page, same host build
      await expect(page.getByText('Watchlist build 2')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
      await leaveBeforeServersClose(page);
    } finally {
      await second.close();
    }
  } finally {
    await cdn.close();
  }
});

test.describe('a remote built for an incompatible shared version', () => {
  test.use({ allowConsoleErrors: /Failed to load resource|token-portfolio\/shared|watchlist/i });

  test('shows its fallback and the rest of the page works', async ({ page }) => {
    test.setTimeout(120_000); // includes a real Rspack build of the variant
    const shared = JSON.parse(
      await readFile(path.join(repoRoot, 'shared/package.json'), 'utf8'),
    ) as { version: string };
    const nextMajor = Number(shared.version.split('.')[0]) + 1;
    const variantDist = await buildRemoteVariant(
      'watchlist',
      `shared-v${nextMajor}`,
      async (dir) => {
        const file = path.join(dir, 'package.json');
        const pkg = JSON.parse(await readFile(file, 'utf8')) as {
          dependencies: Record<string, string>;
        };
        pkg.dependencies['@token-portfolio/shared'] = `^${nextMajor}.0.0`;
        await writeFile(file, JSON.stringify(pkg, null, 2));
      },
    );
    const cdn = await startStaticServer(variantDist);
    const server = await startComposedServer({
      ...marketEnv(),
      REMOTE_WATCHLIST_URL: `${cdn.url}mf-manifest.json`,
    });
    try {
      await page.goto(server.url);
      await expect(page.getByRole('alert')).toContainText('does not fit this page');
      await expect(page.getByText('Portfolio Total')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Token Portfolio' })).toBeVisible();
      await leaveBeforeServersClose(page);
    } finally {
      await server.close();
      await cdn.close();
    }
  });
});
