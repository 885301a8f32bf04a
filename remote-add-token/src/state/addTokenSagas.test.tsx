import { screen } from '@testing-library/react';
import { renderWithStore, setupFixtureMarket, wishlistOf } from '@token-portfolio/shared/testing';
import AddTokenDialog from '../AddTokenDialog/AddTokenDialog';

const market = setupFixtureMarket();

/** The open dialog on a store of its own whose wishlist holds `watched` (not loaded yet). */
const renderDialog = (watched: string[] = []) =>
  renderWithStore(<AddTokenDialog />, {
    wishlist: wishlistOf(...watched),
    ui: { addTokenOpen: true, portfolioLoading: false, walletBalancesOpen: false },
  });

describe('answers of an unexpected shape from the market API', () => {
  it("shows 'No results' when a /search answer has no coins", async () => {
    market.answerWith('/search', { exchanges: [], nfts: [] });
    const { user } = renderDialog();
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
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
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
    await user.type(screen.getByRole('searchbox'), 'sol');
    // Trending has a Solana row too: wait for the list of the query.
    await screen.findByRole('heading', { name: 'Search results' }, { timeout: 2000 });
    expect(
      await screen.findByRole('option', { name: 'Solana (SOL)' }, { timeout: 2000 }),
    ).toBeVisible();
    // A coin with only an id keeps it: the id stands in for its missing name and symbol.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'SSolana (SOL)',
      'Xx (X)',
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
