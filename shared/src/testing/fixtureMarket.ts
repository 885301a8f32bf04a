import { setupServer } from 'msw/node';
import { createFixtureApi } from '../fixtures/handlers';
import { configureMarket } from '../market/settings';
import { marketCache } from '../market/requestCache';

export const FIXTURE_BASE_URL = 'https://fixtures.test/api/v3';

/**
 * The fixture market API for a jest file (node environment): msw answers, the client is
 * pointed at it, and the log, mode and cache are reset between tests.
 */
export function setupFixtureMarket() {
  const { handlers, control } = createFixtureApi();
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: null, plan: 'demo' });
    control.reset();
    marketCache.clear();
  });
  afterAll(() => server.close());
  return control;
}
