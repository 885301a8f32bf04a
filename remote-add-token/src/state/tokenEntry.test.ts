import type { SearchCoin } from '@token-portfolio/shared';
import { imageCandidates, toTokenEntry } from './tokenEntry';

const coin = (fields: Partial<SearchCoin>): SearchCoin => ({
  id: 'solana',
  name: 'Solana',
  symbol: 'SOL',
  market_cap_rank: null,
  image: null,
  large: null,
  thumb: null,
  icon: null,
  ...fields,
});

describe('imageCandidates', () => {
  it('tries image, then large, then thumb, then icon', () => {
    expect(
      imageCandidates(coin({ icon: 'i.png', thumb: 't.png', large: 'l.png', image: 'x.png' })),
    ).toEqual(['x.png', 'l.png', 't.png', 'i.png']);
    expect(imageCandidates(coin({ icon: 'i.png', thumb: 't.png' }))).toEqual(['t.png', 'i.png']);
  });

  it('keeps only http(s) and data:image/ addresses', () => {
    expect(
      imageCandidates(
        coin({
          image: 'javascript:alert(1)',
          large: 'data:text/html,x',
          thumb: 'data:image/png;base64,iVBORw0KGgo=',
          icon: 'https://coin-images.example/i.png',
        }),
      ),
    ).toEqual(['data:image/png;base64,iVBORw0KGgo=', 'https://coin-images.example/i.png']);
  });

  it('skips missing and blank images', () => {
    expect(imageCandidates(coin({ image: null, large: '  ', icon: 'i.png' }))).toEqual(['i.png']);
    expect(imageCandidates(coin({}))).toEqual([]);
  });
});

describe('toTokenEntry', () => {
  it('trims the name and the symbol', () => {
    expect(toTokenEntry(coin({ name: ' Solana ', symbol: ' SOL\n' }))).toMatchObject({
      name: 'Solana',
      symbol: 'SOL',
    });
  });

  it('falls back to the id when the API sends no name or symbol', () => {
    const bad = { id: 'mystery', name: null, symbol: undefined } as unknown as SearchCoin;
    expect(toTokenEntry(bad)).toMatchObject({ id: 'mystery', name: 'mystery', symbol: 'mystery' });
    expect(toTokenEntry(coin({ name: '  ', symbol: 'MYS' }))).toMatchObject({
      name: 'solana',
      symbol: 'MYS',
    });
  });
});
