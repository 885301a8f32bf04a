import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { test, expect } from '../support/test';
import { startComposedServer, type RunningServer } from '../support/servers';
import { openAddToken, portfolioTotal, watchlist } from '../support/ui';

// The composed page as deployed by default: the browser talks to the server's market
// gateway, which alone holds the key and calls the market API (here the fixture server,
// which, like CoinGecko on a keyed plan, refuses calls without the key).
const KEY = 'CG-e2e-demo-key-7f3a9c';

let fixtures: RunningFixtureServer;
let server: RunningServer;

test.beforeEach(async () => {
  fixtures = await startFixtureServer({ apiKey: KEY });
  server = await startComposedServer({ MARKET_API_URL: fixtures.url, MARKET_API_KEY: KEY });
});
test.afterEach(async () => {
  await server.close();
  await fixtures.close();
});

test('the page works through the gateway; only the server calls the market API', async ({
  page,
}) => {
  const requested: URL[] = [];
  const texts: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url())));
  page.on('response', async (response) => {
    if (response.url().includes('/api/market/') || response.url().endsWith('/config.json')) {
      texts.push(JSON.stringify(await response.allHeaders()) + (await response.text()));
    }
  });

  await page.goto(server.url);
  const ethereum = watchlist(page).getByRole('row', { name: /^Ethereum \(/ });
  await expect(ethereum.getByTestId('price')).toHaveText('$3,987.12');
  await expect(portfolioTotal(page)).toHaveText('$24,219.02');

  const dialog = await openAddToken(page);
  await expect(dialog.getByRole('option', { name: 'Bitcoin (btc)' })).toBeVisible();
  await dialog.getByPlaceholder('Search tokens (e.g., ETH, SOL)...').fill('sol');
  await expect(dialog.getByRole('heading', { name: 'Search results' })).toBeVisible();
  // The search answer's symbol is upper case (Trending's is lower case).
  await expect(dialog.getByRole('option', { name: 'Solana (SOL)' })).toBeVisible();

  // The browser's market requests all went to the gateway on the page's own origin ...
  const marketRequests = requested.filter((url) => /\/(coins\/markets|search)$/.test(url.pathname));
  expect(marketRequests.length).toBeGreaterThanOrEqual(3);
  expect(marketRequests.every((url) => url.href.startsWith(`${server.url}api/market/`))).toBe(true);
  expect(requested.filter((url) => url.pathname.startsWith('/api/v3'))).toEqual([]);
  // ... the market API was called by the server, with the key the browser never had.
  const upstream = fixtures.requests();
  expect(upstream.map((r) => r.path)).toEqual(
    expect.arrayContaining(['/coins/markets', '/search']),
  );
  expect(upstream.every((r) => r.demoKey === KEY)).toBe(true);
  expect(texts.length).toBeGreaterThanOrEqual(4);
  expect(texts.filter((text) => text.includes(KEY))).toEqual([]);
});

test('/config.json sends the browser to the gateway, with no key', async ({ request }) => {
  const response = await request.get(`${server.url}config.json`);
  const text = await response.text();
  expect(text).not.toContain(KEY);
  expect((JSON.parse(text) as { market: unknown }).market).toEqual({
    baseUrl: '/api/market',
    apiKey: null,
    plan: 'demo',
  });
});
