// jsdom (a page at http://localhost/): the composed page's market base URL is the
// same-origin path of the server's gateway, '/api/market'.
import { setupServer } from 'msw/node';
import { createFixtureApi } from '../fixtures/handlers';
import { fetchMarketsForIds } from '../prices/fetchMarketsForIds';
import { configureMarket } from './settings';

const { handlers } = createFixtureApi();
const server = setupServer(...handlers);
const requested: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requested.push(request.url));
});
afterAll(() => server.close());

test('a same-origin path as the market base URL is resolved against the page', async () => {
  configureMarket({ baseUrl: '/api/market', apiKey: null, plan: 'demo' });
  const coins = await fetchMarketsForIds(['ethereum', 'not-a-coin']);
  expect(coins.map((coin) => coin?.id ?? null)).toEqual(['ethereum', null]);
  expect(requested).toHaveLength(1);
  expect(new URL(requested[0] ?? '').origin + new URL(requested[0] ?? '').pathname).toBe(
    'http://localhost/api/market/coins/markets',
  );
});
