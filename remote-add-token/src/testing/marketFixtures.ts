import { setupServer } from 'msw/node';
import { configureMarket, marketCache } from '@token-portfolio/shared';
// '@token-portfolio/shared/fixtures' also loads the fixture server's command line (top-level
// await), which jest's CommonJS cannot run: use that entry once the CLI moves to a file of its own.
// eslint-disable-next-line no-restricted-imports -- the msw handlers alone, see above
import { createFixtureApi, type FixtureApi } from '../../../shared/src/fixtures/handlers';

/** The shared fixture market API behind msw, fresh (empty cache, 'ok' mode) for each test. */
interface FixtureMarket {
  control: FixtureApi['control'];
  /** Requests sent to one route, e.g. '/search'. */
  requestsTo(path: string): FixtureApi['control']['requests'];
}

export function setupFixtureMarket(): FixtureMarket {
  const api = createFixtureApi();
  const server = setupServer(...api.handlers);
  beforeAll(() => {
    configureMarket({ baseUrl: 'https://fixtures.test/api/v3', apiKey: null, plan: 'demo' });
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    api.control.reset();
    marketCache.clear();
  });
  afterAll(() => server.close());
  return {
    control: api.control,
    requestsTo: (path: string) => api.control.requests.filter((request) => request.path === path),
  };
}
