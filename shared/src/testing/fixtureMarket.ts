import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { createFixtureApi, type FixtureApi } from '../fixtures/handlers';
import { configureMarket } from '../market/settings';
import { marketCache } from '../market/requestCache';

export const FIXTURE_BASE_URL = 'https://fixtures.test/api/v3';

interface FixtureMarket {
  /** The fixture API's log of requests and its failure modes. */
  control: FixtureApi['control'];
  /** Requests sent to one route, e.g. '/search'. */
  requestsTo(path: string): FixtureApi['control']['requests'];
  /**
   * Until the end of the test, the market API answers `body` on one route (e.g. '/search'),
   * with these headers (the gateway's, say): the API is not ours, so its answers may take
   * any shape.
   */
  answerWith(path: string, body: JsonBodyType, headers?: Record<string, string>): void;
}

/**
 * The fixture market API for a jest file: msw answers, the client is pointed at it, and
 * the log, mode, handlers and cache start fresh for each test.
 */
export function setupFixtureMarket(): FixtureMarket {
  const { handlers, control } = createFixtureApi();
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: null, plan: 'demo' });
    control.reset();
    marketCache.clear();
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    control,
    requestsTo: (path) => control.requests.filter((request) => request.path === path),
    answerWith: (path, body, headers) =>
      server.use(http.get(`*${path}`, () => HttpResponse.json(body, { headers }))),
  };
}
