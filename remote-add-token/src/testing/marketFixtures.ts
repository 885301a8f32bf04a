import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { configureMarket, marketCache } from '@token-portfolio/shared';
import { createFixtureApi, type FixtureApi } from '@token-portfolio/shared/fixtures';

/** The shared fixture market API behind msw, fresh (empty cache, 'ok' mode) for each test. */
interface FixtureMarket {
  control: FixtureApi['control'];
  /** Requests sent to one route, e.g. '/search'. */
  requestsTo(path: string): FixtureApi['control']['requests'];
  /**
   * Until the end of the test, the market API answers `body` on one route (e.g. '/search'):
   * the API is not ours, so its answers may take any shape.
   */
  answerWith(path: string, body: JsonBodyType): void;
}

export function setupFixtureMarket(): FixtureMarket {
  const api = createFixtureApi();
  const server = setupServer(...api.handlers);
  beforeAll(() => {
    configureMarket({ baseUrl: 'https://fixtures.test/api/v3', apiKey: null, plan: 'demo' });
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    api.control.reset();
    marketCache.clear();
  });
  afterAll(() => server.close());
  return {
    control: api.control,
    requestsTo: (path: string) => api.control.requests.filter((request) => request.path === path),
    answerWith: (path: string, body: JsonBodyType) =>
      server.use(http.get(`*${path}`, () => HttpResponse.json(body))),
  };
}
