import { MAX_IDS, parseMarketRequest } from './allowList';

const problemOf = (target: string) => {
  const parsed = parseMarketRequest(target);
  return parsed.ok ? null : parsed.problem;
};
const ids = (count: number) => Array.from({ length: count }, (_, i) => `coin-${i}`).join(',');

describe('what the widgets send passes', () => {
  test('watched-coin prices (markets by ids), ids deduplicated in order', () => {
    expect(
      parseMarketRequest(
        '/coins/markets?vs_currency=usd&ids=ethereum,bitcoin,ethereum&per_page=3&page=1&sparkline=true&price_change_percentage=24h',
      ),
    ).toEqual({
      ok: true,
      request: {
        route: 'marketsByIds',
        ids: ['ethereum', 'bitcoin'],
        sparkline: true,
        priceChange24h: true,
      },
    });
  });

  test(`${MAX_IDS} ids, the client's batch`, () => {
    expect(problemOf(`/coins/markets?vs_currency=usd&ids=${ids(MAX_IDS)}`)).toBeNull();
  });

  test('a Trending page (markets by page)', () => {
    expect(parseMarketRequest('/coins/markets?vs_currency=usd&page=3&per_page=12')).toEqual({
      ok: true,
      request: { route: 'marketsPage', page: 3, perPage: 12 },
    });
  });

  test('a search, trimmed, spaces folded and lower-cased (one cache entry per search)', () => {
    expect(parseMarketRequest('/search?query=%20Wrapped%20%20BTC%20')).toEqual({
      ok: true,
      request: { route: 'search', query: 'wrapped btc' },
    });
  });

  test('the coins list with platforms (wallet holdings)', () => {
    expect(parseMarketRequest('/coins/list?include_platform=true')).toEqual({
      ok: true,
      request: { route: 'coinsList' },
    });
  });
});

describe('anything else gets a clear reason', () => {
  test.each([
    ['/ping', 'Unknown market route. The gateway answers /coins/markets, /search, /coins/list.'],
    ['/coins/bitcoin', 'Unknown market route.'],
    ['/coins/markets/', 'Unknown market route.'],
    ['//coins/markets', 'Unknown market route.'],
    ['/simple/price?ids=bitcoin', 'Unknown market route.'],
  ])('route %s', (target, problem) => {
    expect(problemOf(target)).toContain(problem);
  });

  test.each([
    '/coins/../key',
    '/coins/./markets',
    '/coins/%2e%2e/key',
    '/coins/%2E/markets',
    '/../api/auth/session',
  ])('dot segments: %s', (target) => {
    expect(problemOf(target)).toBe('Dot segments are not allowed in the path.');
  });

  test.each(['/coins%2fmarkets', '/coins%2Fmarkets', '/coins%5cmarkets', '/coins\\markets'])(
    'encoded slashes: %s',
    (target) => {
      expect(problemOf(target)).toBe('Encoded slashes are not allowed in the path.');
    },
  );

  test.each([
    [
      '/coins/markets?vs_currency=usd&ids=bitcoin&x_cg_demo_api_key=k',
      'Unknown query parameter for /coins/markets. Allowed: vs_currency, ids, page, per_page, sparkline, price_change_percentage.',
    ],
    ['/coins/markets?vs_currency=usd&order=volume_desc', 'Unknown query parameter'],
    ['/search?query=btc&page=2', 'Unknown query parameter for /search. Allowed: query.'],
    ['/coins/list?include_platform=true&status=inactive', 'Unknown query parameter'],
  ])('unknown parameters: %s', (target, problem) => {
    expect(problemOf(target)).toContain(problem);
  });

  test.each([
    ['/coins/markets?vs_currency=usd&ids=bitcoin&ids=ethereum', 'ids'],
    ['/coins/markets?vs_currency=usd&vs_currency=usd&page=1', 'vs_currency'],
    ['/search?query=btc&query=eth', 'query'],
  ])('repeated parameters: %s', (target, name) => {
    expect(problemOf(target)).toBe(`Query parameter '${name}' is given more than once.`);
  });

  test(`more than ${MAX_IDS} ids`, () => {
    expect(problemOf(`/coins/markets?vs_currency=usd&ids=${ids(MAX_IDS + 1)}`)).toBe(
      `At most ${MAX_IDS} ids per request, not ${MAX_IDS + 1}.`,
    );
  });

  test.each([
    'ids=Bitcoin',
    'ids=bitcoin,,ethereum',
    'ids=bit%20coin',
    'ids=%3Cscript%3E',
    'ids=..',
    `ids=${'a'.repeat(101)}`,
  ])('malformed ids: %s', (query) => {
    expect(problemOf(`/coins/markets?vs_currency=usd&${query}`)).toBe(
      "ids must be coin ids separated by commas (lowercase letters, digits, '-', '_', '.').",
    );
  });

  test.each([
    ['/coins/markets?ids=bitcoin', "vs_currency is required (only 'usd')."],
    ['/coins/markets?vs_currency=eur&ids=bitcoin', "vs_currency must be 'usd'."],
    ['/coins/markets?vs_currency=usd&page=0', 'page must be a whole number from 1 to 1000.'],
    ['/coins/markets?vs_currency=usd&page=1e3', 'page must be a whole number from 1 to 1000.'],
    [
      '/coins/markets?vs_currency=usd&per_page=251',
      'per_page must be a whole number from 1 to 250.',
    ],
    [
      '/coins/markets?vs_currency=usd&per_page=-1',
      'per_page must be a whole number from 1 to 250.',
    ],
    ['/coins/markets?vs_currency=usd&ids=bitcoin&page=2', 'page must be 1 with ids.'],
    [
      '/coins/markets?vs_currency=usd&ids=bitcoin,ethereum&per_page=1',
      'per_page (1) is smaller than the number of ids (2).',
    ],
    [
      '/coins/markets?vs_currency=usd&ids=bitcoin&sparkline=yes',
      "sparkline must be 'true' or 'false'.",
    ],
    [
      '/coins/markets?vs_currency=usd&ids=bitcoin&price_change_percentage=7d',
      "price_change_percentage must be '24h'.",
    ],
    [
      '/coins/markets?vs_currency=usd&sparkline=true',
      'sparkline and price_change_percentage are allowed only with ids.',
    ],
    ['/search', 'query is required.'],
    ['/search?query=%20%20', 'query is required.'],
    [`/search?query=${'a'.repeat(101)}`, 'query may be at most 100 characters.'],
    ['/search?query=btc%00', 'query may not hold control characters.'],
    [
      '/coins/list',
      'include_platform=true is required (the gateway serves the list with platforms).',
    ],
    ['/coins/list?include_platform=false', "include_platform must be 'true'."],
  ])('malformed values: %s', (target, problem) => {
    expect(problemOf(target)).toBe(problem);
  });

  test('no reason repeats what was sent', () => {
    for (const target of [
      `/${'x'.repeat(500)}`,
      '/<script>',
      '/search?<script>=1',
      '/coins/markets?vs_currency=<script>',
      '/coins/markets?vs_currency=usd&ids=%3Cscript%3E',
    ]) {
      expect(problemOf(target)).not.toMatch(/xxx|script/);
    }
  });
});
