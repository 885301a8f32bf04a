import { ethereum, marketCoin, solana, watched, wishlistOf } from '@token-portfolio/shared/testing';
import type { WishlistState } from '@token-portfolio/shared';
import {
  exportFileName,
  exportedTokens,
  spreadsheetSafe,
  watchlistCsv,
  watchlistFile,
  watchlistJson,
} from './exportFile';

/** Ethereum and Solana loaded, a token without data yet and one held before its data came. */
const wishlist = (): WishlistState => {
  const state = wishlistOf(watched(ethereum, '1.5'), 'bitcoin', watched(solana, '1e-7'));
  state.ids.push('dogecoin');
  state.entities['dogecoin'] = { holdings: '10000', value: null };
  return state;
};

describe('exportedTokens', () => {
  it('lists every watched token in order, with empty symbol and name while its data has not come', () => {
    expect(exportedTokens(wishlist())).toEqual([
      { id: 'ethereum', symbol: 'eth', name: 'Ethereum', holdings: '1.5' },
      { id: 'bitcoin', symbol: '', name: '', holdings: '0' },
      { id: 'solana', symbol: 'sol', name: 'Solana', holdings: '0.0000001' },
      { id: 'dogecoin', symbol: '', name: '', holdings: '10000' },
    ]);
  });
});

describe('the CSV file', () => {
  it('has a header line and a line per token, by RFC 4180', () => {
    expect(watchlistCsv(exportedTokens(wishlist()))).toBe(
      [
        'id,symbol,name,holdings',
        'ethereum,eth,Ethereum,1.5',
        'bitcoin,,,0',
        'solana,sol,Solana,0.0000001',
        'dogecoin,,,10000',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps names that look like formulas text in a spreadsheet, and quotes what needs it', () => {
    const tricky = wishlistOf(
      watched(marketCoin('evil', '=HYPERLINK("https://x.example","Click")', '+cmd', 1, 0), '1'),
      watched(marketCoin('at', '@SUM(A1)', '-1', 1, 0), '2'),
      watched(marketCoin('comma', 'One, Two', 'tab', 1, 0), '3'),
    );
    expect(watchlistCsv(exportedTokens(tricky)).split('\r\n').slice(1, 4)).toEqual([
      `evil,'+cmd,"'=HYPERLINK(""https://x.example"",""Click"")",1`,
      `at,'-1,'@SUM(A1),2`,
      'comma,tab,"One, Two",3',
    ]);
  });

  it.each(['=1+2', '+1', '-1', '@a', '\tx', '\rx'])('escapes %p', (text) => {
    expect(spreadsheetSafe(text)).toBe(`'${text}`);
  });

  it.each(['Ethereum', 'a=b', "'=x", ''])('leaves %p as it is', (text) => {
    expect(spreadsheetSafe(text)).toBe(text);
  });
});

describe('the JSON file', () => {
  it('is an object with the version and the tokens, names as they are', () => {
    const text = watchlistJson(exportedTokens(wishlist()));
    expect(JSON.parse(text)).toEqual({
      version: 1,
      tokens: exportedTokens(wishlist()),
    });
  });
});

describe('the file', () => {
  it('is named by the local date, with the media type of its format', async () => {
    const date = new Date(2026, 10, 27, 23, 59);
    expect(exportFileName('csv', date)).toBe('token-portfolio-watchlist-2026-11-27.csv');
    expect(exportFileName('json', new Date(2027, 0, 5))).toBe(
      'token-portfolio-watchlist-2027-01-05.json',
    );
    const file = watchlistFile(wishlist(), 'json', date);
    expect(file.name).toBe('token-portfolio-watchlist-2026-11-27.json');
    expect(file.type).toBe('application/json');
    expect(JSON.parse(await file.text())).toMatchObject({ version: 1 });
    expect(watchlistFile(wishlist(), 'csv', date).type).toBe('text/csv;charset=utf-8');
  });
});
