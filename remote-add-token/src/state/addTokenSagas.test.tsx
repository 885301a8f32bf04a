import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithStore, setupFixtureMarket, wishlistOf } from '@token-portfolio/shared/testing';
import { createAppStore, type AppStore } from '@token-portfolio/shared';
import AddTokenDialog from '../AddTokenDialog/AddTokenDialog';
import { dialogOpened, queryTyped, type AddTokenRootState } from './addTokenSlice';
import { injectAddToken } from './injectAddToken';
import { selectDialog } from './selectors';

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

describe('two Add Token widgets on one page', () => {
  it('keep their own query and results in the one store', async () => {
    const { store } = renderWithStore(
      <>
        <AddTokenDialog />
        <AddTokenDialog />
      </>,
      { ui: { addTokenOpen: true, portfolioLoading: false, walletBalancesOpen: false } },
    );
    const [first, second] = screen.getAllByRole('dialog', { name: 'Add Token' }) as [
      HTMLElement,
      HTMLElement,
    ];
    await within(first).findByRole('option', { name: 'Bitcoin (BTC)' });
    await within(second).findByRole('option', { name: 'Bitcoin (BTC)' });

    fireEvent.change(within(first).getByRole('searchbox'), { target: { value: 'sol' } });
    fireEvent.change(within(second).getByRole('searchbox'), { target: { value: 'tether' } });
    // Trending has a Solana and a Tether row too: wait for each list of its query.
    for (const dialog of [first, second]) {
      await within(dialog).findByRole('heading', { name: 'Search results' }, { timeout: 2000 });
    }
    expect(await within(first).findByRole('option', { name: 'Solana (SOL)' })).toBeVisible();
    expect(await within(second).findByRole('option', { name: 'Tether (USDT)' })).toBeVisible();
    expect(within(first).queryByRole('option', { name: 'Tether (USDT)' })).toBeNull();
    expect(within(second).queryByRole('option', { name: 'Solana (SOL)' })).toBeNull();
    expect(
      market
        .requestsTo('/search')
        .map(({ query }) => query['query'])
        .sort(),
    ).toEqual(['sol', 'tether']);
    const state: AddTokenRootState = store.getState();
    expect(Object.keys(state.addToken ?? {})).toHaveLength(2);
    // Two dialogs of twelve rows each render first: on a busy machine that alone takes seconds.
  }, 15_000);
});

describe('the search delay', () => {
  let store: AppStore;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    store = createAppStore();
    injectAddToken(store);
    store.dispatch(dialogOpened([], 'quick'));
    store.dispatch(dialogOpened([], 'slow'));
  });
  afterEach(() => {
    store.stopSagas();
    jest.useRealTimers();
  });

  /** The query a dialog's list is for: '' until its search starts. */
  const searchedIn = (dialog: string) => selectDialog(store.getState(), dialog).query;
  const type = (dialog: string, text: string, delayMs: number) =>
    store.dispatch(queryTyped({ text, delayMs }, dialog));

  it('is the one each dialog’s own keystrokes carry', async () => {
    type('quick', 'sol', 300);
    type('slow', 'tether', 1500);
    await jest.advanceTimersByTimeAsync(299);
    expect([searchedIn('quick'), searchedIn('slow')]).toEqual(['', '']);
    await jest.advanceTimersByTimeAsync(1);
    expect([searchedIn('quick'), searchedIn('slow')]).toEqual(['sol', '']);
    await jest.advanceTimersByTimeAsync(1199);
    expect(searchedIn('slow')).toBe('');
    await jest.advanceTimersByTimeAsync(1);
    expect(searchedIn('slow')).toBe('tether');
  });

  it('starts again with each keystroke of its own dialog only', async () => {
    type('slow', 'eth', 1500);
    type('quick', 's', 300);
    await jest.advanceTimersByTimeAsync(200);
    type('quick', 'so', 300);
    await jest.advanceTimersByTimeAsync(299);
    expect(searchedIn('quick')).toBe('');
    await jest.advanceTimersByTimeAsync(1);
    expect([searchedIn('quick'), searchedIn('slow')]).toEqual(['so', '']);
    // The other dialog's keystrokes neither restarted nor cut short this one's wait.
    await jest.advanceTimersByTimeAsync(999);
    expect(searchedIn('slow')).toBe('');
    await jest.advanceTimersByTimeAsync(1);
    expect(searchedIn('slow')).toBe('eth');
  });
});
