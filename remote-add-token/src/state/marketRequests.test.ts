import { setupFixtureMarket } from '@token-portfolio/shared/testing';
import { fetchTrendingPage } from './fetchTrendingPage';
import { searchCoins } from './searchCoins';

const { control } = setupFixtureMarket();
// A refused search is logged (docs/product.md#errors-and-empty-states); keep the output quiet.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

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
