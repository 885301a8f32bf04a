import { WIDGET_DEFAULTS, attributesOf, readAttributes, readOptions } from './widgetOptions';

/** An element's attributes, as the custom element's door reads them. */
const element = (attributes: Record<string, string>) => ({
  getAttribute: (name: string) => attributes[name] ?? null,
});

describe('the options door (mount() options, props, a page settings)', () => {
  it('keeps valid options as they are', () => {
    const given = {
      market: { baseUrl: 'https://partner.example/api/market', apiKey: null, plan: 'demo' },
      colorScheme: 'light',
      theme: { surface: '#fff' },
    };
    expect(readOptions(given)).toEqual({ options: given, problems: [] });
  });

  it('leaves out a bad value with a warning naming the option, and keeps the rest', () => {
    const { options, problems } = readOptions({
      market: { baseUrl: 'https://partner.example/api/market', plan: 'gold' },
      colorScheme: 'blue',
      theme: 'dark',
    });
    expect(options).toEqual({ market: { baseUrl: 'https://partner.example/api/market' } });
    expect(problems).toEqual([
      "[token-portfolio] ignoring the market.plan option: expected 'demo' or 'pro'; the default applies.",
      "[token-portfolio] ignoring the colorScheme option: expected 'light' or 'dark'; the default applies.",
      '[token-portfolio] ignoring the theme option: expected colour overrides such as {"surface":"#fff"}; the default applies.',
    ]);
  });

  it('names an object option that is not an object once', () => {
    expect(readOptions({ market: 'https://partner.example' }).problems).toEqual([
      '[token-portfolio] ignoring the market option: expected an object of baseUrl, apiKey, plan; the default applies.',
    ]);
  });

  it.each([null, 'options', 42, ['light']])('reads %j as no options', (given) => {
    expect(readOptions(given)).toEqual({ options: {}, problems: [] });
  });

  it('leaves out names it does not know', () => {
    expect(readOptions({ colour: 'light', colorScheme: 'dark' }).options).toEqual({
      colorScheme: 'dark',
    });
  });
});

describe('the attribute door (the custom element)', () => {
  it('reads each option from its attributes', () => {
    const read = readAttributes(
      element({
        'market-api-url': 'https://partner.example/api/market',
        'market-api-key': 'CG-key',
        'market-api-plan': 'pro',
        'color-scheme': 'dark',
        theme: '{"text":"#111"}',
      }),
    );
    expect(read).toEqual({
      options: {
        market: { baseUrl: 'https://partner.example/api/market', apiKey: 'CG-key', plan: 'pro' },
        colorScheme: 'dark',
        theme: { text: '#111' },
      },
      problems: [],
    });
  });

  it('ignores empty attributes, and names a bad one without its value', () => {
    const { options, problems } = readAttributes(
      element({ 'market-api-url': '', 'market-api-plan': 'free', theme: '{not json' }),
    );
    expect(options).toEqual({});
    expect(problems).toEqual([
      "[token-portfolio] ignoring the market-api-plan attribute: expected 'demo' or 'pro'; the default applies.",
      '[token-portfolio] ignoring the theme attribute: expected colour overrides such as {"surface":"#fff"}; the default applies.',
    ]);
  });
});

describe('attributesOf', () => {
  it('writes the options as the attributes the element door reads back', () => {
    const options = {
      market: {
        baseUrl: 'https://partner.example/api/market',
        apiKey: null,
        plan: 'demo' as const,
      },
      colorScheme: 'light' as const,
      theme: { surface: '#fafafa' },
    };
    const attributes = Object.fromEntries(attributesOf(options));
    expect(attributes).toEqual({
      'market-api-url': 'https://partner.example/api/market',
      'market-api-plan': 'demo',
      'color-scheme': 'light',
      theme: '{"surface":"#fafafa"}',
    });
    expect(readAttributes(element(attributes)).options).toEqual({
      ...options,
      market: { baseUrl: options.market.baseUrl, plan: 'demo' },
    });
  });
});

describe('searchDelayMs (search-delay-ms): 300 to 2000 ms, 600 by default', () => {
  const warningFor = (what: string) =>
    `[token-portfolio] ignoring ${what}: expected whole milliseconds from 300 to 2000; the default (600) applies.`;

  it('defaults to the spec’s 600 ms', () => {
    expect(WIDGET_DEFAULTS.searchDelayMs).toBe(600);
  });

  it.each(['300', '1200', '2000'])('takes the attribute %s', (text) => {
    expect(readAttributes(element({ 'search-delay-ms': text }))).toEqual({
      options: { searchDelayMs: Number(text) },
      problems: [],
    });
  });

  it.each(['abc', '50', '99999', '299', '2001', '900.5', 'Infinity'])(
    'ignores the attribute %s with a warning naming it',
    (text) => {
      expect(readAttributes(element({ 'search-delay-ms': text }))).toEqual({
        options: {},
        problems: [warningFor('the search-delay-ms attribute')],
      });
    },
  );

  it.each([['900'], [50], [99_999], [Number.NaN], [null], [{ ms: 900 }]])(
    'ignores the option %j with a warning naming it',
    (searchDelayMs) => {
      expect(readOptions({ searchDelayMs })).toEqual({
        options: {},
        problems: [warningFor('the searchDelayMs option')],
      });
    },
  );

  it('is written as its attribute', () => {
    expect(attributesOf({ searchDelayMs: 900 })).toEqual([['search-delay-ms', '900']]);
  });
});
