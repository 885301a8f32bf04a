import { fetchMarketsForIds } from '../prices/fetchMarketsForIds';
import { fetchTrendingPage } from './fetchTrendingPage';
import { searchCoins } from './searchCoins';
import { configureMarket } from './settings';
import { COIN_TABLE } from '../samples/coinTable';
import { FIXTURE_BASE_URL, setupFixtureMarket } from '../testing/fixtureMarket';
import { AuthenticationError, InternalServerError, RateLimitError } from './errors';

const { control } = setupFixtureMarket();
let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('fetchMarketsForIds', () => {
  it('asks for 1,000 ids in exactly 4 requests and answers in the requested order', async () => {
    const known = COIN_TABLE.map(({ id }) => id).reverse();
    const padded = [...known, ...Array.from({ length: 1000 - known.length }, (_, i) => `x-${i}`)];

    const result = await fetchMarketsForIds(padded);

    expect(control.requests).toHaveLength(4);
    expect(control.requests.map((r) => r.query['per_page'])).toEqual(['250', '250', '250', '250']);
    expect(control.requests.flatMap((r) => r.query['ids']?.split(',') ?? [])).toEqual(padded);
    expect(control.requests[0]?.query).toMatchObject({
      vs_currency: 'usd',
      page: '1',
      sparkline: 'true',
      price_change_percentage: '24h',
    });
    expect(result).toHaveLength(1000);
    expect(result.map((coin, i) => coin?.id ?? padded[i])).toEqual(padded);
    expect(result.slice(0, known.length).every((coin) => coin !== null)).toBe(true);
    expect(result[known.length]).toBeNull();
    expect(result[0]?.sparkline_in_7d?.price).toHaveLength(168);
  });
});

describe('fetchTrendingPage', () => {
  it('pages by 12 and ends with a short page', async () => {
    const first = await fetchTrendingPage(1);
    expect(first.data).toHaveLength(12);
    expect(first.pagination).toEqual({
      currentPage: 1,
      perPage: 12,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const last = await fetchTrendingPage(4);
    expect(last.data.length).toBeLessThan(12);
    expect(last.pagination.hasNextPage).toBe(false);
    expect(control.requests[0]?.query).toEqual({ vs_currency: 'usd', page: '1', per_page: '12' });
  });

  it('retries a 429 after its Retry-After delay and then succeeds', async () => {
    control.setMode({ mode: '429', retryAfter: 1, times: 1 });
    const page = await fetchTrendingPage(1);
    expect(page.data).toHaveLength(12);
    const [refused, retried] = control.requests;
    expect(control.requests).toHaveLength(2);
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('gives up after 3 retries with a typed error, logged per the spec', async () => {
    control.setMode({ mode: '500' });
    await expect(fetchTrendingPage(1)).rejects.toBeInstanceOf(InternalServerError);
    expect(control.requests).toHaveLength(4);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('InternalServerError (status 500)'),
    );
  }, 15_000);

  it('logs the rate-limit message when 429 persists', async () => {
    control.setMode({ mode: '429', retryAfter: 0 });
    await expect(fetchTrendingPage(1)).rejects.toBeInstanceOf(RateLimitError);
    expect(errors).toHaveBeenCalledWith('Rate limit exceeded. Please try again later.');
  });
});

describe('searchCoins', () => {
  it('finds coins by symbol, name or id', async () => {
    const answer = await searchCoins('  SOL ');
    expect(answer.coins[0]).toMatchObject({ id: 'solana', symbol: 'SOL' });
    expect(control.requests[0]?.query).toEqual({ query: 'SOL' });
    expect(Object.keys(answer)).toEqual(['coins', 'exchanges', 'icos', 'categories', 'nfts']);
  });

  it.each(['', '   ', '\t\n'])('refuses the blank query %j and sends nothing', async (query) => {
    await expect(searchCoins(query)).rejects.toThrow('Search query is required');
    expect(control.requests).toHaveLength(0);
  });
});

describe('plans and keys', () => {
  it('sends no key header on keyless demo access', async () => {
    await fetchTrendingPage(1);
    expect(control.requests[0]).toMatchObject({ demoKey: null, proKey: null });
  });

  it('sends the demo key in x-cg-demo-api-key and the pro key in x-cg-pro-api-key', async () => {
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: 'demo-123', plan: 'demo' });
    await fetchTrendingPage(1);
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: 'pro-456', plan: 'pro' });
    await fetchTrendingPage(1);
    expect(control.requests.map(({ demoKey, proKey }) => [demoKey, proKey])).toEqual([
      ['demo-123', null],
      [null, 'pro-456'],
    ]);
  });

  it('turns a rejected key into an AuthenticationError without retrying', async () => {
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: ' ', plan: 'demo' });
    await expect(fetchTrendingPage(1)).rejects.toBeInstanceOf(AuthenticationError);
    expect(control.requests).toHaveLength(1);
  });
});
