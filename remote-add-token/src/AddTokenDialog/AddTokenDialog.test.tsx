import { act, screen, waitFor, within } from '@testing-library/react';
import { WATCHLIST_CAP } from '@token-portfolio/shared';
import { trendingPageRequested, type AddTokenRootState } from '../state/addTokenSlice';
import {
  ethereum,
  renderWithStore,
  setupFixtureMarket,
  solana,
  watched,
  wishlistOf,
} from '@token-portfolio/shared/testing';
import AddTokenDialog from './AddTokenDialog';

const market = setupFixtureMarket();

/** The open dialog on a store of its own whose wishlist holds `watched` (not loaded yet). */
const renderDialog = (watched: string[] = []) =>
  renderWithStore(<AddTokenDialog />, {
    wishlist: wishlistOf(...watched),
    ui: { addTokenOpen: true, portfolioLoading: false, walletBalancesOpen: false },
  });

/** A row by its text; waits through the 600 ms search debounce. */
const option = (name: string) => screen.findByRole('option', { name }, { timeout: 2000 });
/** The list has left Trending for the query's results (Trending has a Solana row too). */
const searchResults = () =>
  screen.findByRole('heading', { name: 'Search results' }, { timeout: 2000 });

describe('AddTokenDialog', () => {
  it("shows 'Loading...', then Trending, with the search box focused", async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add Token' })).toBeVisible();
    expect(screen.getByPlaceholderText('Search tokens (e.g., ETH, SOL)...')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await option('Bitcoin (BTC)')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('heading', { name: 'Trending' })).toBeVisible();
    expect(screen.getAllByRole('option')).toHaveLength(12);
  });

  it("shows 'Search results' for a query and 'No results' when nothing matches", async () => {
    const { user } = renderDialog();
    await option('Bitcoin (BTC)');
    await user.type(screen.getByRole('searchbox'), 'sol');
    await searchResults();
    expect(await option('Solana (SOL)')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Search results' })).toBeVisible();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zzzz');
    expect(await screen.findByText('No results', {}, { timeout: 2000 })).toBeVisible();
    expect(market.requestsTo('/search').map(({ query }) => query['query'])).toEqual([
      'sol',
      'zzzz',
    ]);
  });

  it("shows 'Error loading coins.' followed by the error message", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    market.control.setMode({ mode: '500' });
    renderDialog();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Error loading coins. 500 Internal server error');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  }, 15_000);

  it('takes a search result image from large before thumb', async () => {
    const { user } = renderDialog();
    await option('Bitcoin (BTC)');
    await user.type(screen.getByRole('searchbox'), 'solana');
    await searchResults();
    const solana = await option('Solana (SOL)');
    // The fixture gives large and thumb; the row is named by its text, the image is decorative.
    expect(solana.querySelector('img')).toHaveAttribute(
      'src',
      'https://fixtures.test/fixtures/images/solana.svg',
    );
  });

  it("enables 'Add to Wishlist' only while the selection differs from the one at open", async () => {
    const { user, store } = renderDialog(['ethereum']);
    const addButton = screen.getByRole('button', { name: 'Add to Wishlist' });
    const bitcoin = await option('Bitcoin (BTC)');
    expect(await option('Ethereum (ETH)')).toHaveAttribute('aria-selected', 'true');
    expect(addButton).toBeDisabled();

    await user.click(bitcoin);
    expect(bitcoin).toHaveAttribute('aria-selected', 'true');
    expect(store.getState().wishlist.ids).toEqual(['ethereum', 'bitcoin']);
    expect(addButton).toBeEnabled();

    await user.click(bitcoin);
    expect(addButton).toBeDisabled();

    await user.click(screen.getByRole('option', { name: 'Ethereum (ETH)' }));
    expect(store.getState().wishlist.ids).toEqual([]);
    expect(addButton).toBeEnabled();

    await user.click(addButton);
    expect(store.getState().ui.addTokenOpen).toBe(false);
  });

  it('brings back the holdings and place of a token checked again in the same opening', async () => {
    const store = renderWithStore(<AddTokenDialog />, {
      wishlist: wishlistOf(watched(ethereum, '1'), watched(solana, '20'), 'ripple'),
      ui: { addTokenOpen: true, portfolioLoading: false, walletBalancesOpen: false },
    });
    const { user } = store;
    const solanaRow = await option('Solana (SOL)');
    await user.click(solanaRow);
    expect(store.store.getState().wishlist.ids).toEqual(['ethereum', 'ripple']);

    await user.click(solanaRow);
    const { wishlist } = store.store.getState();
    expect(wishlist.ids).toEqual(['ethereum', 'solana', 'ripple']);
    expect(wishlist.entities['solana']).toMatchObject({ holdings: '20', value: 20 * 190.12 });
    expect(screen.getByRole('button', { name: 'Add to Wishlist' })).toBeDisabled();
  });

  it('toggles rows with Enter and Space and moves between them with the arrow keys', async () => {
    const { user, store } = renderDialog();
    const bitcoin = await option('Bitcoin (BTC)');
    act(() => bitcoin.focus());
    await user.keyboard('{Enter}');
    expect(bitcoin).toHaveAttribute('aria-selected', 'true');
    expect(within(bitcoin).getByText('(BTC)')).toBeVisible();

    await user.keyboard('{ArrowDown}');
    const ethereum = screen.getByRole('option', { name: 'Ethereum (ETH)' });
    expect(ethereum).toHaveFocus();
    await user.keyboard(' ');
    expect(store.getState().wishlist.ids).toEqual(['bitcoin', 'ethereum']);

    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    expect(bitcoin).toHaveAttribute('aria-selected', 'false');
    expect(store.getState().wishlist.ids).toEqual(['ethereum']);
  });

  it('makes the list one tab stop that Home, End and the arrows move through', async () => {
    const { user } = renderDialog();
    const bitcoin = await option('Bitcoin (BTC)');
    const searchbox = screen.getByRole('searchbox');
    expect(searchbox).toHaveFocus();

    // Tab: search box, the first row, then straight to the button past the other rows.
    await user.tab();
    expect(bitcoin).toHaveFocus();
    await user.tab(); // 'Add to Wishlist' is disabled: the trap wraps to Close.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(searchbox).toHaveFocus();
    await user.tab();
    expect(bitcoin).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add to Wishlist' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(bitcoin).toHaveFocus();

    const options = screen.getAllByRole('option');
    await user.keyboard('{End}');
    expect(options[11]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(options[11]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(options[10]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(bitcoin).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(bitcoin).toHaveFocus();

    // The row moved to stays the tab stop: Shift+Tab from the button comes back to it.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const third = options[2];
    expect(third).toHaveFocus();
    await user.click(searchbox);
    await user.tab();
    expect(third).toHaveFocus();
    expect(screen.getAllByRole('option').filter((row) => row.tabIndex === 0)).toEqual([third]);
  });

  it('keeps the active row in place when the next page loads', async () => {
    const { user, store } = renderDialog();
    await option('Bitcoin (BTC)');
    act(() => screen.getAllByRole('option')[0]?.focus());
    await user.keyboard('{End}{ArrowUp}');
    const active = screen.getAllByRole('option')[10];
    expect(active).toHaveFocus();

    // As the scroll sentinel does (jsdom has no IntersectionObserver), for the open dialog.
    const [dialog = ''] = Object.keys((store.getState() as AddTokenRootState).addToken ?? {});
    act(() => {
      store.dispatch(trendingPageRequested(dialog));
    });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(24));
    expect(active).toHaveFocus();
    expect(screen.getAllByRole('option').filter((row) => row.tabIndex === 0)).toEqual([active]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[12]).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { user, store } = renderDialog();
    await option('Bitcoin (BTC)');
    await user.keyboard('{Escape}');
    expect(store.getState().ui.addTokenOpen).toBe(false);
  });

  it('has a visible title naming it and a Close button that closes it', async () => {
    const { user, store } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Add Token' });
    expect(within(dialog).getByRole('heading', { name: 'Add Token' })).toBeVisible();
    await option('Bitcoin (BTC)');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().ui.addTokenOpen).toBe(false);
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const { user, store } = renderDialog();
    await user.click(await option('Bitcoin (BTC)'));
    expect(store.getState().ui.addTokenOpen).toBe(true);
    await user.click(screen.getByTestId('add-token-backdrop'));
    expect(store.getState().ui.addTokenOpen).toBe(false);
  });

  it('stays open when a press begins or ends inside the panel (e.g. selecting search text)', async () => {
    const { user, store } = renderDialog();
    await option('Bitcoin (BTC)');
    const searchbox = screen.getByRole('searchbox');
    const backdrop = screen.getByTestId('add-token-backdrop');
    await user.type(searchbox, 'bitcoin');
    // Selecting the typed text with the mouse and letting go outside the panel.
    await user.pointer([
      { keys: '[MouseLeft>]', target: searchbox, offset: 7 },
      { target: backdrop, offset: 0 },
      { keys: '[/MouseLeft]', target: backdrop, offset: 0 },
    ]);
    expect(store.getState().ui.addTokenOpen).toBe(true);

    // And the other way round: pressed on the backdrop, released inside the panel.
    const panel = screen.getByRole('dialog', { name: 'Add Token' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: backdrop },
      { target: panel },
      { keys: '[/MouseLeft]', target: panel },
    ]);
    expect(store.getState().ui.addTokenOpen).toBe(true);

    await user.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(store.getState().ui.addTokenOpen).toBe(false);
  });

  it('refuses additions once the watchlist is full, says why, and still removes', async () => {
    const full = Array.from({ length: WATCHLIST_CAP - 1 }, (_, i) => `saved-${i}`);
    const { user, store } = renderDialog([...full, 'bitcoin']);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your watchlist is full (1,000 tokens). Remove a token to add another.',
    );
    await user.click(await option('Ethereum (ETH)'));
    expect(store.getState().wishlist.ids).not.toContain('ethereum');
    expect(screen.getByRole('option', { name: 'Ethereum (ETH)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await user.click(screen.getByRole('option', { name: 'Bitcoin (BTC)' }));
    expect(store.getState().wishlist.ids).toHaveLength(WATCHLIST_CAP - 1);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Ethereum (ETH)' }));
    expect(store.getState().wishlist.ids.at(-1)).toBe('ethereum');
  });
});
