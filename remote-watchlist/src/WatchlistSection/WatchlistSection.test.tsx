import { screen } from '@testing-library/react';
import { WatchlistSection } from './WatchlistSection';
import { ethereum, renderWithStore, watched, wishlistOf } from '@token-portfolio/shared/testing';

describe('the Watchlist section', () => {
  it('has its heading, its buttons and the table', () => {
    renderWithStore(<WatchlistSection />, { wishlist: wishlistOf(watched(ethereum, '1')) });
    expect(screen.getByRole('region', { name: 'Watchlist' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Watchlist', level: 2 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refresh Prices' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export / Import' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Token' })).toBeVisible();
    expect(screen.getByRole('table')).toBeVisible();
  });

  it('opens the Add Token modal through the store', async () => {
    const { user, store } = renderWithStore(<WatchlistSection />, { wishlist: wishlistOf() });
    expect(store.getState().ui.addTokenOpen).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Add Token' }));
    expect(store.getState().ui.addTokenOpen).toBe(true);
  });
});
