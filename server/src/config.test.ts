import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, readServerConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    readServerConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('PUBLIC_ORIGIN', () => {
  test('absent: none, so sign-in accepts only the server’s own address', () => {
    expect(readServerConfig({}).publicOrigin).toBeNull();
  });

  test('an http(s) origin is kept as its bare origin', () => {
    expect(readServerConfig({ PUBLIC_ORIGIN: 'https://Portfolio.Example/' }).publicOrigin).toBe(
      'https://portfolio.example',
    );
    expect(readServerConfig({ PUBLIC_ORIGIN: 'http://10.0.0.5:8080' }).publicOrigin).toBe(
      'http://10.0.0.5:8080',
    );
  });

  test.each(['portfolio.example', 'ftp://portfolio.example', 'https://portfolio.example/app'])(
    "'%s' stops the server with a message naming the variable",
    (text) => {
      expect(problemsOf({ PUBLIC_ORIGIN: text })).toEqual([
        expect.stringMatching(/^PUBLIC_ORIGIN must be an http\(s\) origin/),
      ]);
    },
  );

  test('a public HOST without it gets a notice', () => {
    expect(readServerConfig({ HOST: '0.0.0.0' }).notices).toEqual(
      expect.arrayContaining([expect.stringMatching(/^No PUBLIC_ORIGIN/)]),
    );
    expect(readServerConfig({}).notices).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^No PUBLIC_ORIGIN/)]),
    );
  });
});

describe('TRUST_PROXY', () => {
  test('defaults to false; true is one proxy of ours; a hop count; our proxies addresses', () => {
    expect(readServerConfig({}).trustProxy).toBe(false);
    expect(readServerConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(readServerConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readServerConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(readServerConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16, ::1' }).trustProxy).toEqual({
      addresses: ['10.0.0.5', '10.1.0.0/16', '::1'],
    });
  });

  test('anything else stops the server with a message naming the variable', () => {
    for (const text of ['yes', '0', '10.0.0.300', '10.0.0.0/33']) {
      expect(problemsOf({ TRUST_PROXY: text })).toEqual([
        `TRUST_PROXY must be 'true', 'false', a hop count (1 to 10) or our proxies' addresses, not '${text}'.`,
      ]);
    }
  });
});

describe('limits', () => {
  test('have defaults: headers 10 s, whole request 30 s, sign-in limits, no build records', () => {
    expect(readServerConfig({}).limits).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      noncesPerClientPerMinute: 10,
      signInsPerClientPerHour: 30,
      serveBuildRecords: false,
    });
    expect(readServerConfig({}).marketGateway).toMatchObject({
      searchesPerClientPerMinute: 10,
      pagesPerClientPerMinute: 6,
      priceCallsPerClientPerMinute: 8,
      clientShare: 0.1,
    });
  });

  test('are read from their variables and checked', () => {
    const config = readServerConfig({
      HEADERS_TIMEOUT_SECONDS: '5',
      REQUEST_TIMEOUT_SECONDS: '20',
      AUTH_NONCES_PER_CLIENT: '100',
      AUTH_SIGN_INS_PER_CLIENT: '200',
      SERVE_BUILD_RECORDS: 'true',
      MARKET_GATEWAY_PAGES_PER_CLIENT: '20',
      MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: '40',
      MARKET_GATEWAY_CLIENT_SHARE_PERCENT: '50',
    });
    expect(config.limits).toEqual({
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 20_000,
      noncesPerClientPerMinute: 100,
      signInsPerClientPerHour: 200,
      serveBuildRecords: true,
    });
    expect(config.marketGateway).toMatchObject({
      pagesPerClientPerMinute: 20,
      priceCallsPerClientPerMinute: 40,
      clientShare: 0.5,
    });
    expect(
      problemsOf({
        HEADERS_TIMEOUT_SECONDS: '40',
        SERVE_BUILD_RECORDS: 'yes',
        MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: '2',
      }),
    ).toEqual([
      "MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT must be a whole number from 4 to 1000, not '2'.",
      "SERVE_BUILD_RECORDS must be 'true' or 'false', not 'yes'.",
      'HEADERS_TIMEOUT_SECONDS may not be longer than REQUEST_TIMEOUT_SECONDS.',
    ]);
  });
});

describe('REDIS_URL', () => {
  const AUTH_SECRET = 'x'.repeat(32);

  test('everything is kept in memory unless a Redis URL is given', () => {
    expect(readServerConfig({}).redisUrl).toBeNull();
    expect(
      readServerConfig({ REDIS_URL: 'redis://:pw@cache.internal:6379/0', AUTH_SECRET }).redisUrl,
    ).toBe('redis://:pw@cache.internal:6379/0');
  });

  test('SESSION_STORE_URL, its former name, still works; the two may not differ', () => {
    expect(readServerConfig({ SESSION_STORE_URL: 'redis://cache', AUTH_SECRET }).redisUrl).toBe(
      'redis://cache',
    );
    expect(
      problemsOf({ REDIS_URL: 'redis://a', SESSION_STORE_URL: 'redis://b', AUTH_SECRET }),
    ).toEqual(['SESSION_STORE_URL is the former name of REDIS_URL: set REDIS_URL only.']);
  });

  test('anything but a redis:// URL stops the server, without echoing the value', () => {
    expect(problemsOf({ REDIS_URL: 'http://user:secret@cache', AUTH_SECRET })).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL.',
    ]);
    expect(problemsOf({ SESSION_STORE_URL: 'http://user:secret@cache', AUTH_SECRET })).toEqual([
      'SESSION_STORE_URL must be a redis:// or rediss:// URL.',
    ]);
  });

  test('servers sharing a Redis need the same AUTH_SECRET: without one, no start', () => {
    expect(problemsOf({ REDIS_URL: 'redis://cache' })).toEqual([
      expect.stringMatching(/^REDIS_URL needs AUTH_SECRET: servers that share a Redis/),
    ]);
    expect(readServerConfig({ REDIS_URL: 'redis://cache', AUTH_SECRET }).notices).toEqual(
      expect.arrayContaining([expect.stringMatching(/^REDIS_URL without PUBLIC_ORIGIN/)]),
    );
  });
});

describe('ADD_TOKEN_SEARCH_DELAY_MS', () => {
  test("goes to the composed page's Add Token widget; unset, the widget keeps its own 600 ms", () => {
    expect(readServerConfig({}).runtime.widgetOptions).toBeUndefined();
    expect(readServerConfig({ ADD_TOKEN_SEARCH_DELAY_MS: '1200' }).runtime.widgetOptions).toEqual({
      addToken: { searchDelayMs: 1200 },
    });
  });

  test.each(['abc', '50', '99999', '900.5'])('%s stops the server, naming the variable', (text) => {
    expect(problemsOf({ ADD_TOKEN_SEARCH_DELAY_MS: text })).toEqual([
      `ADD_TOKEN_SEARCH_DELAY_MS must be whole milliseconds from 300 to 2000, not '${text}'.`,
    ]);
  });
});

const FIXTURES = 'http://127.0.0.1:4010/api/v3';

describe('MARKET_MODE', () => {
  test('gateway by default: the server holds the upstream, the browser gets /api/market', () => {
    const config = readServerConfig({ MARKET_API_URL: FIXTURES, MARKET_API_KEY: 'demo-key' });
    expect(config.runtime.market).toEqual({ baseUrl: '/api/market', apiKey: null, plan: 'demo' });
    expect(config.marketGateway?.upstream).toEqual({
      baseUrl: FIXTURES,
      apiKey: 'demo-key',
      plan: 'demo',
    });
  });

  test('direct: no gateway; the browser calls the market API with the key (with a notice)', () => {
    const config = readServerConfig({
      MARKET_MODE: 'direct',
      MARKET_API_URL: FIXTURES,
      MARKET_API_KEY: 'demo-key',
    });
    expect(config.marketGateway).toBeNull();
    expect(config.runtime.market).toEqual({ baseUrl: FIXTURES, apiKey: 'demo-key', plan: 'demo' });
    expect(config.notices).toContain(
      'MARKET_MODE=direct: MARKET_API_KEY is sent to every visitor in /config.json (use a demo key).',
    );
  });

  test('direct with a pro key is refused: it would go to every visitor', () => {
    expect(
      problemsOf({ MARKET_MODE: 'direct', MARKET_API_PLAN: 'pro', MARKET_API_KEY: 'pro-key' }),
    ).toEqual([
      'MARKET_MODE=direct would send your pro MARKET_API_KEY to every visitor: use the gateway.',
    ]);
  });

  test('anything else stops the server with a message naming the variable', () => {
    expect(problemsOf({ MARKET_MODE: 'proxy' })).toEqual([
      "MARKET_MODE must be 'gateway' or 'direct', not 'proxy'.",
    ]);
  });
});

describe('the gateway’s limits', () => {
  test('default to the plan: demo 30 a minute and 10,000 a month, pro 500 and 500,000', () => {
    const demo = readServerConfig({ MARKET_API_KEY: 'k' }).marketGateway;
    expect(demo).toMatchObject({
      freshMs: 60_000,
      callsPerMinute: 30,
      monthlyCalls: 10_000,
      pricesReservedShare: 0.5,
      searchesPerClientPerMinute: 10,
      cacheBytes: 64 * 2 ** 20,
      corsOrigins: [],
    });
    const pro = readServerConfig({ MARKET_API_PLAN: 'pro', MARKET_API_KEY: 'k' }).marketGateway;
    expect(pro).toMatchObject({ callsPerMinute: 500, monthlyCalls: 500_000 });
  });

  test('keyless public access (no key, CoinGecko’s URL) is held to 10 calls a minute', () => {
    expect(readServerConfig({}).marketGateway?.callsPerMinute).toBe(10);
  });

  test('each can be set', () => {
    const gateway = readServerConfig({
      MARKET_GATEWAY_FRESH_SECONDS: '30',
      MARKET_GATEWAY_CALLS_PER_MINUTE: '15',
      MARKET_GATEWAY_MONTHLY_CALLS: '5000',
      MARKET_GATEWAY_PRICES_RESERVED_PERCENT: '0',
      MARKET_GATEWAY_SEARCHES_PER_CLIENT: '3',
      MARKET_GATEWAY_CACHE_MB: '16',
      MARKET_GATEWAY_CORS_ORIGINS: 'https://Blog.Example, http://10.0.0.5:8080/',
    }).marketGateway;
    expect(gateway).toMatchObject({
      freshMs: 30_000,
      callsPerMinute: 15,
      monthlyCalls: 5000,
      pricesReservedShare: 0,
      searchesPerClientPerMinute: 3,
      cacheBytes: 16 * 2 ** 20,
      corsOrigins: ['https://blog.example', 'http://10.0.0.5:8080'],
    });
    expect(readServerConfig({ MARKET_GATEWAY_CORS_ORIGINS: '*' }).marketGateway?.corsOrigins).toBe(
      '*',
    );
  });

  test('malformed values stop the server, each with a message naming its variable', () => {
    expect(
      problemsOf({
        MARKET_GATEWAY_FRESH_SECONDS: '0',
        MARKET_GATEWAY_CALLS_PER_MINUTE: 'thirty',
        MARKET_GATEWAY_MONTHLY_CALLS: '-5',
        MARKET_GATEWAY_PRICES_RESERVED_PERCENT: '95',
        MARKET_GATEWAY_SEARCHES_PER_CLIENT: '2.5',
        MARKET_GATEWAY_CACHE_MB: '1',
        MARKET_GATEWAY_CORS_ORIGINS: 'https://blog.example/path,blog.example',
      }),
    ).toEqual([
      "MARKET_GATEWAY_FRESH_SECONDS must be a whole number from 1 to 3600, not '0'.",
      "MARKET_GATEWAY_CALLS_PER_MINUTE must be a whole number from 1 to 10000, not 'thirty'.",
      "MARKET_GATEWAY_MONTHLY_CALLS must be a whole number from 1 to 100000000, not '-5'.",
      "MARKET_GATEWAY_PRICES_RESERVED_PERCENT must be a whole number from 0 to 90, not '95'.",
      "MARKET_GATEWAY_SEARCHES_PER_CLIENT must be a whole number from 1 to 1000, not '2.5'.",
      "MARKET_GATEWAY_CACHE_MB must be a whole number from 8 to 4096, not '1'.",
      "MARKET_GATEWAY_CORS_ORIGINS must be '*' or http(s) origins separated by commas, not 'https://blog.example/path'.",
      "MARKET_GATEWAY_CORS_ORIGINS must be '*' or http(s) origins separated by commas, not 'blog.example'.",
    ]);
  });
});

// docs/configuration.md is the operators' contract: its tables are checked against the server.
describe('docs/configuration.md', () => {
  const doc = readFileSync(path.join(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
  /** Each table row naming one variable: its default and meaning cells. */
  const rows = [...doc.matchAll(/^\| `([A-Z_]+)` +\| (.*?) +\| (.*?) +\|$/gm)].map(
    ([, name = '', fallback = '', meaning = '']) => ({ name, fallback, meaning }),
  );
  /** A whole number's allowed range, in brackets after its meaning: "(1–3600)". */
  const ranged = rows.flatMap(({ name, fallback, meaning }) => {
    const range = /\((\d+)–(\d+)\)$/.exec(meaning);
    return range ? [{ name, fallback, min: Number(range[1]), max: Number(range[2]) }] : [];
  });

  /** The configuration, leaving out the secret generated for each run. */
  const configOf = (env: Record<string, string>) => ({ ...readServerConfig(env), authSecret: '' });

  test('every variable the server reads is documented', () => {
    const read = new Set<string>();
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      { get: (_, name) => void (typeof name === 'string' && read.add(name)) },
    );
    readServerConfig(env);
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
    expect(rows.length).toBeGreaterThan(20);
  });

  test.each(ranged)('$name takes whole numbers from $min to $max, as documented', (row) => {
    const { name, min, max } = row;
    // Timeouts that let either reach its bounds (headers may not outlast the whole request).
    const others = { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '3600' };
    for (const text of [String(min), String(max)]) {
      expect(problemsOf({ ...others, [name]: text })).toEqual([]);
    }
    for (const text of [String(min - 1), String(max + 1)]) {
      expect(problemsOf({ ...others, [name]: text })).toEqual([
        `${name} must be a whole number from ${min} to ${max}, not '${text}'.`,
      ]);
    }
  });

  // A default written as one value (`60`): setting it changes nothing; a number one more does.
  // ADD_TOKEN_SEARCH_DELAY_MS is left out: unset, the widget keeps its own 600 ms (above).
  const defaults = rows.flatMap(({ name, fallback }) => {
    const value = /^`([^`]+)`( \(.*\))?$/.exec(fallback)?.[1];
    return value && name !== 'ADD_TOKEN_SEARCH_DELAY_MS' ? [{ name, value }] : [];
  });

  test.each(defaults)('$name defaults to $value, as documented', ({ name, value }) => {
    expect(configOf({ [name]: value })).toEqual(configOf({}));
    if (ranged.some((row) => row.name === name)) {
      expect(configOf({ [name]: String(Number(value) + 1) })).not.toEqual(configOf({}));
    }
  });
});
