import fc from 'fast-check';
import type { WishlistState } from '@token-portfolio/shared';
import { coinRecord } from '@token-portfolio/shared/testing';
import { sameAmount } from './decimalText';
import { exportedTokens, watchlistCsv, watchlistJson } from './exportFile';
import { readWatchlistFile } from './importFile';

const problemsOf = (text: string) => {
  const read = readWatchlistFile(text);
  return read.ok ? [] : read.problems;
};
const tokensOf = (text: string) => {
  const read = readWatchlistFile(text);
  return read.ok ? read.tokens.map(({ id, holdings, line }) => ({ id, holdings, line })) : null;
};

describe('reading a CSV file', () => {
  it('reads the ids and holdings, each with its line', () => {
    const text =
      'id,symbol,name,holdings\r\nethereum,eth,Ethereum,1.5\r\n\r\nbitcoin,,,0.0000001\r\n';
    expect(tokensOf(text)).toEqual([
      { id: 'ethereum', holdings: '1.5', line: 2 },
      { id: 'bitcoin', holdings: '0.0000001', line: 4 },
    ]);
  });

  it('takes the columns by their names, in any order and case, and ignores others', () => {
    const text = 'Holdings, ID ,note\n2,solana,"bought, in 2024"\n';
    expect(tokensOf(text)).toEqual([{ id: 'solana', holdings: '2', line: 2 }]);
  });

  it('counts an empty amount as 0 and trims the spaces around a field', () => {
    expect(tokensOf('id,holdings\n ethereum , \n')).toEqual([
      { id: 'ethereum', holdings: '0', line: 2 },
    ]);
  });

  it('names every bad line', () => {
    const text = [
      'id,symbol,name,holdings',
      'ethereum,eth,Ethereum,1',
      'bitcoin,btc,Bitcoin,1E-7',
      'solana,sol,Solana,"1,5"',
      'Dogecoin,doge,Dogecoin,1',
      ',x,y,1',
      'ripple,xrp,XRP',
      'ethereum,eth,Ethereum,2',
      '',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      "Line 3: holdings '1E-7' is not a plain decimal number, like 1.5 or 0.0000001.",
      "Line 4: holdings '1,5' is not a plain decimal number, like 1.5 or 0.0000001.",
      "Line 5: id 'Dogecoin' is not a token id (lowercase letters, digits, '-', '_' and '.').",
      'Line 6: the id is missing.',
      'Line 7: 3 fields where the first line names 4.',
      'Line 8: ethereum is already on line 2.',
    ]);
  });

  it('names the line of a quoting fault, and of a missing header', () => {
    expect(problemsOf('id,holdings\nethereum,1\nsolana,"2\n')).toEqual([
      'Line 3: a quoted field is not closed.',
    ]);
    expect(problemsOf('ethereum,1\nsolana,2\n')).toEqual([
      'Line 1: the first line must name the columns, like id,symbol,name,holdings.',
    ]);
  });

  it('quotes a long bad value short', () => {
    expect(problemsOf(`id,holdings\nethereum,${'9'.repeat(30)}x${'9'.repeat(30)}\n`)).toEqual([
      `Line 2: holdings '${'9'.repeat(30)}x${'9'.repeat(9)}…' is not a plain decimal number, like 1.5 or 0.0000001.`,
    ]);
  });

  it('reads a file with only the header as no tokens', () => {
    expect(tokensOf('id,symbol,name,holdings\r\n')).toEqual([]);
  });
});

describe('reading a JSON file', () => {
  const file = (tokens: unknown, version: unknown = 1) =>
    JSON.stringify({ version, tokens }, null, 2);

  it('reads the tokens of a version 1 file, each with its line', () => {
    const text = file([
      { id: 'ethereum', symbol: 'eth', name: 'Ethereum', holdings: '1.5' },
      { id: 'usd-coin', holdings: '' },
    ]);
    expect(tokensOf(text)).toEqual([
      { id: 'ethereum', holdings: '1.5', line: 4 },
      { id: 'usd-coin', holdings: '0', line: 10 },
    ]);
  });

  it('names the line of each bad field, or of the token', () => {
    const text = file([
      { id: 'ethereum', symbol: 'eth', name: 'Ethereum', holdings: 1.5 },
      { id: 'bitcoin', holdings: '1e-7' },
      { symbol: 'sol', holdings: '1' },
      { id: '__proto__', holdings: '1' },
      'ripple',
      { id: 'bitcoin', holdings: '2' },
    ]);
    expect(problemsOf(text)).toEqual([
      'Line 8: holdings must be text in quotes, like "1.5".',
      "Line 12: holdings '1e-7' is not a plain decimal number, like 1.5 or 0.0000001.",
      'Line 14: the id is missing.',
      "Line 19: id '__proto__' is not a token id (lowercase letters, digits, '-', '_' and '.').",
      'Line 22: each token must be an object with id, symbol, name and holdings.',
      'Line 23: bitcoin is already on line 10.',
    ]);
  });

  it('names the line where the JSON breaks', () => {
    expect(
      problemsOf('{\n  "version": 1,\n  "tokens": [\n    {"id": "ethereum",}\n  ]\n}'),
    ).toEqual(['Line 4: this is not valid JSON.']);
    expect(problemsOf('{\n  "version": 1, // exported\n  "tokens": []\n}')).toEqual([
      'Line 2: this is not valid JSON.',
    ]);
  });

  it('refuses another shape or version', () => {
    const shape =
      'Line 1: a watchlist file in JSON is an object with "version": 1 and a list of "tokens".';
    expect(problemsOf('[{"id": "ethereum", "holdings": "1"}]')).toEqual([shape]);
    expect(problemsOf('{"tokens": []}')).toEqual([shape]);
    expect(problemsOf('{"version": 1, "tokens": {}}')).toEqual([shape]);
    expect(problemsOf(file([], 2))).toEqual([
      "Line 2: version '2' is not one this app reads (it reads 1).",
    ]);
  });

  it('takes no token from a prototype', () => {
    const text = '{"version": 1, "tokens": [{"__proto__": {"id": "bitcoin"}, "holdings": "1"}]}';
    expect(problemsOf(text)).toEqual(['Line 1: the id is missing.']);
  });
});

describe('any file', () => {
  it('is refused when empty, and read past a byte order mark', () => {
    expect(problemsOf('')).toEqual(['The file is empty.']);
    expect(problemsOf(' \n ')).toEqual(['The file is empty.']);
    expect(tokensOf('\uFEFFid,holdings\nethereum,1\n')).toEqual([
      { id: 'ethereum', holdings: '1', line: 2 },
    ]);
  });
});

describe('export, then import', () => {
  // Holdings as the store may keep them: typed plainly, from the number field ('1e-7'), or empty.
  const storedHoldings = fc.oneof(
    fc.stringMatching(/^-?\d{1,20}(\.\d{1,20})?$/),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
    fc.constant(''),
  );
  const coin = fc.record({
    id: fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,30}$/),
    symbol: fc.string(),
    name: fc.string(),
    holdings: storedHoldings,
    loaded: fc.boolean(),
  });
  const wishlists = fc
    .uniqueArray(coin, { selector: ({ id }) => id, maxLength: 30 })
    .map((coins): WishlistState => ({
      ids: coins.map(({ id }) => id),
      entities: Object.fromEntries(
        coins.map(({ id, symbol, name, holdings, loaded }) => [
          id,
          loaded
            ? { ...coinRecord({ id, symbol, name }), holdings, value: null }
            : { holdings, value: null },
        ]),
      ),
    }));

  it.each([
    ['CSV', watchlistCsv],
    ['JSON', watchlistJson],
  ])('gives the same ids, in order, and the same holdings (%s)', (_format, write) => {
    fc.assert(
      fc.property(wishlists, (wishlist) => {
        const read = readWatchlistFile(write(exportedTokens(wishlist)));
        const tokens = read.ok ? read.tokens : [];
        expect(read.ok && tokens.map(({ id }) => id)).toEqual(wishlist.ids);
        for (const { id, holdings } of tokens) {
          expect(sameAmount(holdings, wishlist.entities[id]?.holdings ?? '')).toBe(true);
        }
      }),
    );
  });
});
