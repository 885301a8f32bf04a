import { screen } from '@testing-library/react';
import { setupFixtureMarket } from '../testing/marketFixtures';
import { renderDialog } from '../testing/renderDialog';

const market = setupFixtureMarket();

describe('answers of an unexpected shape from the market API', () => {
  it("shows 'No results' when a /search answer has no coins", async () => {
    market.answerWith('/search', { exchanges: [], nfts: [] });
    const { user } = renderDialog();
    await screen.findByRole('option', { name: 'Bitcoin (btc)' });
    await user.type(screen.getByRole('searchbox'), 'sol');
    expect(await screen.findByText('No results', {}, { timeout: 2000 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Search results' })).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add Token' })).toBeVisible();
  });

  it('keeps the coins of a /search answer that have an id, and drops the rest', async () => {
    market.answerWith('/search', {
      coins: [null, 'solana', { id: 'solana', name: 'Solana', symbol: 'SOL' }, { id: 'x' }],
    });
    const { user } = renderDialog();
    await screen.findByRole('option', { name: 'Bitcoin (btc)' });
    await user.type(screen.getByRole('searchbox'), 'sol');
    expect(
      await screen.findByRole('option', { name: 'Solana (SOL)' }, { timeout: 2000 }),
    ).toBeVisible();
    // A coin with only an id keeps it: the id stands in for its missing name and symbol.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'SSolana (SOL)',
      'Xx (x)',
    ]);
  });

  it("shows 'No results' when a markets page is not an array", async () => {
    market.answerWith('/coins/markets', { error: 'not a list' });
    renderDialog();
    expect(await screen.findByText('No results')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Trending' })).toBeVisible();
    expect(screen.queryByText("You've reached the end")).not.toBeInTheDocument();
  });
});
