import { COIN_TABLE } from './coinTable';
import { SAMPLE_COIN_IDS } from './sampleIds';
import { SAMPLE_ROWS } from './sampleRows';

describe('The fixture table and the first visit’s sample rows', () => {
  const byMarketCap = [...COIN_TABLE].sort((a, b) => b.marketCap - a.marketCap);

  it.each(SAMPLE_COIN_IDS)('gives %s the rank the fixture API gives it', (id) => {
    const { row, rank } = SAMPLE_ROWS[id];
    expect(COIN_TABLE).toContain(row);
    expect(byMarketCap.findIndex((coin) => coin.id === id) + 1).toBe(rank);
  });

  it('lists each coin once', () => {
    expect(new Set(COIN_TABLE.map(({ id }) => id)).size).toBe(COIN_TABLE.length);
  });
});
