import { fetchMarketsForIds } from '../prices/fetchMarketsForIds';
import { marketGet } from './client';
import { coinsOf } from './schemas';
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

/** A page of 12 coins by market cap, straight through the client and the door. */
const coinsPage = async () =>
  coinsOf(await marketGet(['coins', 'markets'], { vs_currency: 'usd', page: 1, per_page: 12 }));

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

describe('the client', () => {
  it('retries a 429 after its Retry-After delay and then succeeds', async () => {
    control.setMode({ mode: '429', retryAfter: 1, times: 1 });
    expect(await coinsPage()).toHaveLength(12);
    const [refused, retried] = control.requests;
    expect(control.requests).toHaveLength(2);
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('gives up after 3 retries with a typed error, logged per the spec', async () => {
    control.setMode({ mode: '500' });
    await expect(coinsPage()).rejects.toBeInstanceOf(InternalServerError);
    expect(control.requests).toHaveLength(4);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('InternalServerError (status 500)'),
    );
  }, 15_000);

  it('logs the rate-limit message when 429 persists', async () => {
    control.setMode({ mode: '429', retryAfter: 0 });
    await expect(coinsPage()).rejects.toBeInstanceOf(RateLimitError);
    expect(errors).toHaveBeenCalledWith('Rate limit exceeded. Please try again later.');
  });
});

describe('plans and keys', () => {
  it('sends no key header on keyless demo access', async () => {
    await coinsPage();
    expect(control.requests[0]).toMatchObject({ demoKey: null, proKey: null });
  });

  it('sends the demo key in x-cg-demo-api-key and the pro key in x-cg-pro-api-key', async () => {
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: 'demo-123', plan: 'demo' });
    await coinsPage();
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: 'pro-456', plan: 'pro' });
    await coinsPage();
    expect(control.requests.map(({ demoKey, proKey }) => [demoKey, proKey])).toEqual([
      ['demo-123', null],
      [null, 'pro-456'],
    ]);
  });

  it('turns a rejected key into an AuthenticationError without retrying', async () => {
    configureMarket({ baseUrl: FIXTURE_BASE_URL, apiKey: ' ', plan: 'demo' });
    await expect(coinsPage()).rejects.toBeInstanceOf(AuthenticationError);
    expect(control.requests).toHaveLength(1);
  });
});
