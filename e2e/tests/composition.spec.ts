import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from '../support/test';
import { startComposedServer, leaveBeforeServersClose } from '../support/servers';
import { sharedFixturesUrl } from '../support/fixtures';
import { startStaticServer } from '../support/staticServer';
import { defaultDistFolders } from '@token-portfolio/server/dist-folders';
import { duplicatedPackages, loadedPackages, modulesByBuild } from '../support/loadedModules';
import {
  addTokens,
  editHoldings,
  expectPricesFromGateway,
  portfolioTotal,
  recordPriceRequests,
  watchlist,
} from '../support/ui';

test("the page is composed of four remotes: the first paint's from their entries, the modal's from its list", async ({
  page,
}) => {
  const manifests: string[] = [];
  const lists: string[] = [];
  const entries: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/mf-manifest.json')) manifests.push(pathname);
    if (pathname.endsWith('/first-paint.json')) lists.push(pathname);
    if (/\/remoteEntry\.[\w.]*js$/.test(pathname)) entries.push(pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Token Portfolio', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByText('Portfolio Total')).toBeVisible();
  await page.getByRole('button', { name: 'Add Token' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The composed server has read the first paint's builds (same runtime version); the page
  // reads the modal's list beside its manifest
  // (docs/architecture.md#the-composed-page-step-by-step). No runtime reads a manifest.
  expect(manifests).toEqual([]);
  expect(lists).toEqual(['/remotes/addToken/first-paint.json']);
  // Their composed entries, which no manifest names
  // (docs/architecture.md#three-build-parts-per-remote).
  expect(entries.sort()).toEqual([
    '/remotes/addToken/remoteEntry.composed.js',
    '/remotes/header/remoteEntry.composed.js',
    '/remotes/summary/remoteEntry.composed.js',
    '/remotes/watchlist/remoteEntry.composed.js',
  ]);
});

test('shared packages and the store libraries in the shared core are loaded once across host and remotes', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  const packages = await loadedPackages(page);
  for (const name of ['react', 'react-dom', 'redux', 'react-redux', '@token-portfolio/shared']) {
    expect(packages, `${name} is loaded`).toContain(name);
  }
  // Every application package is loaded once, and so is the federation runtime (below).
  const duplicates = await duplicatedPackages(page);
  expect(duplicates).toEqual([]);
});

test("the remotes run on the host's federation runtime, each container with its own instance", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByText('Portfolio Total')).toBeVisible();
  // The Add Token modal's remote loads late; opening it loads it now.
  await page.getByRole('button', { name: 'Add Token' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Its lazily loaded code brings no second copy of anything either.
  expect(await duplicatedPackages(page)).toEqual([]);
  const modules = await modulesByBuild(page);
  for (const part of [
    '@module-federation/runtime-core/',
    '@module-federation/runtime/',
    '@module-federation/webpack-bundler-runtime/',
    '@module-federation/sdk/',
  ]) {
    const builds = new Set<string>();
    for (const [module, from] of modules) {
      if (module.startsWith(part)) for (const build of from) builds.add(build);
    }
    expect(
      [...builds].map((base) => new URL(base).pathname),
      part,
    ).toEqual(['/']);
  }
  // Nor does a remote's entry carry the container start-up code: it calls the host's
  // (docs/architecture.md#custom-build-pieces-and-their-guards).
  const entries = [...new Set([...modules.values()].flatMap((builds) => [...builds]))]
    .filter((base) => new URL(base).pathname.startsWith('/remotes/'))
    .map((base) => new URL('remoteEntry.composed.js', base).href);
  expect(entries).toHaveLength(4);
  for (const entry of entries) {
    const code = await (await page.request.get(entry)).text();
    expect(code.includes('consumesLoadingModuleToHandlerMapping'), entry).toBe(false);
  }
  // One runtime, but each container's state is its own
  // (docs/architecture.md#custom-build-pieces-and-their-guards).
  const instances = await page.evaluate(() =>
    (
      globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { name: string }[] } }
    ).__FEDERATION__.__INSTANCES__.map(({ name }) => name),
  );
  expect(instances.sort()).toEqual(['addToken', 'header', 'host', 'summary', 'watchlist']);
});

test("a remote's mount() on the composed page renders through embed.js, on the page's store", async ({
  page,
}) => {
  const embedScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/embed.js')) embedScripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  // A page built on our host may ask for a widget's `mount` (docs/embedding.md): it brings
  // its own React through embed.js (docs/architecture.md#a-widget-on-someone-elses-page),
  // and joins the page's one store.
  expect(embedScripts).toEqual([]);
  await page.evaluate(async () => {
    type Instance = { name: string; loadRemote: (id: string) => Promise<unknown> };
    const federation = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } })
      .__FEDERATION__;
    const host = federation.__INSTANCES__.find(({ name }) => name === 'host');
    const exposed = (await host?.loadRemote('summary/mount')) as {
      mount: (element: HTMLElement) => () => void;
    };
    const slot = document.createElement('section');
    slot.id = 'mounted-summary';
    document.body.append(slot);
    exposed.mount(slot);
  });
  const mounted = page.locator('#mounted-summary');
  await expect(mounted.getByText('Portfolio Total')).toBeVisible();
  // The same total as the page's (both read together: a total counts up to a new value).
  const mountedTotal = mounted.getByText(/^\$[\d,]+\.\d\d$/);
  await expect
    .poll(
      async () =>
        (await mountedTotal.textContent()) === (await portfolioTotal(page).first().textContent()),
    )
    .toBe(true);
  expect(embedScripts).toEqual(['/remotes/summary/embed.js']);
});

test('a remote built with another federation runtime version runs on its own entry', async ({
  page,
}) => {
  // A copy of the watchlist's build made with another runtime version, as its first-paint
  // list says (the file the server and the page read: docs/architecture.md#the-version-rule).
  const root = await mkdtemp(path.join(tmpdir(), 'tp-other-runtime-'));
  await cp(defaultDistFolders().watchlist, root, { recursive: true });
  const rewrite = async (file: string, change: (json: Record<string, unknown>) => void) => {
    const json = JSON.parse(await readFile(path.join(root, file), 'utf8')) as Record<
      string,
      unknown
    >;
    change(json);
    await writeFile(path.join(root, file), JSON.stringify(json));
  };
  await rewrite('first-paint.json', (list) => {
    list['runtimeVersion'] = '0.0.1+rspack.0.0.1';
  });
  const cdn = await startStaticServer(root);
  const server = await startComposedServer({
    MARKET_API_URL: `${sharedFixturesUrl()}/api/v3`,
    REMOTE_WATCHLIST_URL: `${cdn.url}mf-manifest.json`,
  });
  const entries: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(cdn.url) && /remoteEntry/.test(request.url())) {
      entries.push(new URL(request.url()).pathname);
    }
  });
  try {
    await page.goto(server.url);
    await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    // The public entry its manifest names; its composed one is neither loaded nor hinted.
    expect(entries).toEqual(['/remoteEntry.js']);
    await leaveBeforeServersClose(page);
  } finally {
    await server.close();
    await cdn.close();
    await rm(root, { recursive: true, force: true });
  }
});

test('a standalone page of a remote works with no host, on its own runtime and the server’s market settings', async ({
  page,
}) => {
  const marketCalls = recordPriceRequests(page);
  await page.goto('/remotes/watchlist/');
  await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Token' })).toBeVisible();
  // Its config.json beside it names the server's gateway (as /config.json does the host's).
  await expectPricesFromGateway(page, marketCalls);
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
      // The missing widget holds nothing back: the wallet loads once its card is on screen.
      await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();

      await rename(hidden, copies.watchlist);
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: 'Watchlist' })).toBeVisible();
      await expect(fallback).toHaveCount(0);
      await leaveBeforeServersClose(page);
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

test('the widgets stay mounted while prices, holdings and the watchlist change', async ({
  page,
}) => {
  // A slot that re-mounted its widget would replace these elements (and lose focus,
  // an open editor or the page being viewed): the page around the widgets must not
  // re-render with the store.
  await page.goto('/');
  await expect(portfolioTotal(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  const widgets = [
    page.getByRole('heading', { name: 'Token Portfolio', level: 1 }),
    page.getByRole('region', { name: 'Portfolio Total' }),
    watchlist(page),
  ];
  const before = await Promise.all(widgets.map((widget) => widget.elementHandle()));

  await page.waitForTimeout(1_100); // watched prices are fresh for 1 s (docs/product.md#market-data)
  await watchlist(page).getByRole('button', { name: 'Refresh Prices', exact: true }).click();
  await editHoldings(page, 'Ethereum', '2');
  await expect(portfolioTotal(page)).toHaveText('$28,206.14');
  await addTokens(page, ['Bitcoin']);
  await expect(watchlist(page).getByRole('row', { name: /^Bitcoin \(/ })).toBeVisible();

  for (const element of before) {
    expect(await element?.evaluate((node) => node.isConnected)).toBe(true);
  }
});
