import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  addId,
  pricesFetchEnded,
  pricesFetchStarted,
  pricesReceived,
  pricesRequested,
  removeId,
  UNDO_OFFERED_MS,
} from '@token-portfolio/shared';
import { WatchlistSection } from '../WatchlistSection/WatchlistSection';
import { WatchlistTable } from './WatchlistTable';
import {
  ethereum,
  manyTokens,
  renderWithStore,
  solana,
  watched,
  wishlistOf,
} from '@token-portfolio/shared/testing';
import { renderTable } from '../testing/renderTable';

const tokenNames = () =>
  screen.getAllByRole('rowheader').map((header) => header.textContent?.replace(/ \(.*/, ''));
const button = (name: string) => screen.getByRole('button', { name });

describe('the watchlist table', () => {
  it('has the columns of the spec, Market cap (beyond it) and an actions column', () => {
    renderTable(manyTokens(1));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Token',
      'Price',
      '24h %',
      'Market cap',
      'Sparkline (7d)',
      'Holdings',
      'Value',
      'Actions',
    ]);
  });

  it('says so when the list is empty, with both page buttons disabled', () => {
    renderTable(wishlistOf());
    expect(
      screen.getByRole('cell', { name: 'No Holdings, Please add some tokens to your portfolio' }),
    ).toBeVisible();
    expect(screen.getByText('0 — 0 of 0 results')).toBeVisible();
    expect(button('Prev')).toBeDisabled();
    expect(button('Next')).toBeDisabled();
  });

  it('shows 6 rows a page starting at page 1, with Prev and Next where they lead somewhere', async () => {
    const { user } = renderTable(manyTokens(14));
    expect(tokenNames()).toEqual([
      'Token 1',
      'Token 2',
      'Token 3',
      'Token 4',
      'Token 5',
      'Token 6',
    ]);
    expect(screen.getByText('1 — 6 of 14 results')).toBeVisible();
    expect(screen.getByText('1 of 3 pages')).toBeVisible();
    expect(button('Prev')).toBeDisabled();

    await user.click(button('Next'));
    expect(tokenNames()[0]).toBe('Token 7');
    expect(screen.getByText('7 — 12 of 14 results')).toBeVisible();
    expect(button('Prev')).toBeEnabled();

    await user.click(button('Next'));
    expect(tokenNames()).toEqual(['Token 13', 'Token 14']);
    expect(screen.getByText('13 — 14 of 14 results')).toBeVisible();
    expect(screen.getByText('3 of 3 pages')).toBeVisible();
    expect(button('Next')).toBeDisabled();

    await user.click(button('Prev'));
    expect(screen.getByText('2 of 3 pages')).toBeVisible();
  });

  it('moves to the previous page when the last row of the last page is removed', async () => {
    const { user, store } = renderTable(manyTokens(7));
    await user.click(button('Next'));
    await user.click(button('Actions for Token 7'));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(store.getState().wishlist.ids).not.toContain('token-7');
    expect(tokenNames()).toHaveLength(6);
    expect(screen.getByText('1 — 6 of 6 results')).toBeVisible();
    expect(screen.getByText('1 of 1 pages')).toBeVisible();
    expect(button('Next')).toBeDisabled();
    // The row before it, now the last of page 1, takes focus.
    expect(button('Actions for Token 6')).toHaveFocus();
    expect(screen.getByText('Token 7 removed from the watchlist.')).toBeInTheDocument();
  });

  it('offers Undo after a Remove, which puts the row back in its place with its holdings', async () => {
    const { user, store } = renderTable(
      wishlistOf(watched(ethereum, '1'), watched(solana, '20'), 'ripple'),
    );
    await user.click(button('Actions for Solana'));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(store.getState().wishlist.ids).toEqual(['ethereum', 'ripple']);
    const notice = screen.getByText('Solana removed from the watchlist.').closest('[role=status]');
    expect(notice).toBeVisible();

    // Keyboard: Tab from the row that took the focus reaches Undo.
    expect(button('Actions for ripple')).toHaveFocus();
    await user.tab();
    expect(button('Undo')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(store.getState().wishlist.ids).toEqual(['ethereum', 'solana', 'ripple']);
    expect(store.getState().wishlist.entities['solana']).toMatchObject({ holdings: '20' });
    expect(tokenNames()).toEqual(['Ethereum', 'Solana', 'ripple: loading']);
    expect(button('Actions for Solana')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('undoes every Remove made while the offer stands, and ends the offer after a few seconds', async () => {
    jest.useFakeTimers();
    try {
      const { store } = renderTable(manyTokens(8));
      const removeRow = async (name: string) => {
        fireEvent.click(button(`Actions for ${name}`));
        fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
      };
      await removeRow('Token 2');
      await removeRow('Token 5');
      expect(screen.getByText('2 tokens removed from the watchlist.')).toBeVisible();
      fireEvent.click(button('Undo'));
      expect(store.getState().wishlist.ids).toEqual(manyTokens(8).ids);

      await removeRow('Token 6');
      act(() => jest.advanceTimersByTime(UNDO_OFFERED_MS));
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
      expect(store.getState().wishlist.ids).not.toContain('token-6');
    } finally {
      jest.useRealTimers();
    }
  });

  it('after a Remove, gives focus to the next row, else the previous one, else Add Token', async () => {
    const { user } = renderWithStore(<WatchlistSection />, { wishlist: manyTokens(3) });
    const removeRow = async (name: string) => {
      await user.click(button(`Actions for ${name}`));
      await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    };
    await removeRow('Token 2');
    expect(button('Actions for Token 3')).toHaveFocus();
    await removeRow('Token 3');
    expect(button('Actions for Token 1')).toHaveFocus();
    await removeRow('Token 1');
    expect(button('Add Token')).toHaveFocus();
  });

  it('hands focus from a page button that disables itself to the other one, and announces the page', async () => {
    const { user } = renderTable(manyTokens(14));
    button('Next').focus();
    await user.keyboard('{Enter}');
    expect(button('Next')).toHaveFocus();
    expect(screen.getByText('Page 2 of 3: 7 — 12 of 14 results.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(button('Next')).toBeDisabled();
    expect(button('Prev')).toHaveFocus();
    await user.keyboard('{Enter}{Enter}');
    expect(button('Prev')).toBeDisabled();
    expect(button('Next')).toHaveFocus();
    expect(screen.getByText('Page 1 of 3: 1 — 6 of 14 results.')).toBeInTheDocument();
  });

  it('stays on the clamped page when the list grows again', async () => {
    const { user, store } = renderTable(manyTokens(13));
    await user.click(button('Next'));
    await user.click(button('Next'));
    act(() => {
      store.dispatch(removeId('token-13'));
    });
    expect(screen.getByText('2 of 2 pages')).toBeVisible();
    act(() => {
      store.dispatch(addId('cardano'));
    });
    expect(screen.getByText('2 of 3 pages')).toBeVisible();
    expect(tokenNames()[0]).toBe('Token 7');
  });

  it('lets rows whose data is loading count and page like the others', async () => {
    const { user } = renderWithStore(<WatchlistTable />, {
      wishlist: wishlistOf(...Array.from({ length: 8 }, (_, index) => `coin-${index}`)),
    });
    expect(screen.getByText('1 — 6 of 8 results')).toBeVisible();
    await user.click(button('Next'));
    const rows = within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-busy'))).toEqual(['true', 'true']);
  });

  it('says when the last price fetch failed, offers Retry, and stops loading rows looking busy', async () => {
    const { user, store, actions } = renderTable(wishlistOf(watched(ethereum, '1'), 'cardano'));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('row', { name: /cardano.*loading/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    act(() => {
      store.dispatch(pricesFetchStarted());
      store.dispatch(pricesFetchEnded({ error: 'Rate limit exceeded. Please try again later.' }));
    });
    expect(status).toHaveTextContent(
      'Prices could not be updated. Rate limit exceeded. Please try again later.',
    );
    const failedRow = screen.getByRole('row', { name: /^cardano/ });
    expect(failedRow).not.toHaveAttribute('aria-busy');
    expect(failedRow).toHaveAccessibleName(expect.stringMatching(/prices unavailable/));
    for (const column of ['price', 'change', 'market-cap', 'sparkline', 'holdings', 'value'])
      expect(within(failedRow).getByTestId(column)).toHaveTextContent('—');
    // The loaded row keeps its last known price.
    expect(screen.getByRole('row', { name: /^Ethereum/ })).toHaveTextContent('$4,000.50');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(actions.filter(pricesRequested.match)).toHaveLength(1);

    // A new fetch starts: the row is busy again, and success clears the message.
    act(() => {
      store.dispatch(pricesFetchStarted());
    });
    expect(screen.getByRole('row', { name: /cardano.*loading/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    act(() => {
      store.dispatch(pricesFetchEnded({ error: null }));
    });
    expect(status).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("says when the prices shown are the gateway's last known ones, with their time, until fresh ones come", async () => {
    const { user, store, actions } = renderTable(wishlistOf(watched(ethereum, '1'), 'solana'));
    const status = screen.getByRole('status');
    const answer = (lastUpdated: Date, stale: boolean) =>
      act(() => {
        store.dispatch(pricesFetchStarted());
        const coins = [ethereum, solana].map((coin) => ({
          ...coin,
          last_updated: lastUpdated.toISOString(),
        }));
        store.dispatch(pricesReceived(coins, [], stale ? ['ethereum', 'solana'] : []));
        store.dispatch(pricesFetchEnded({ error: null }));
      });

    const earlyToday = new Date();
    earlyToday.setHours(0, 0, 1, 0);
    answer(earlyToday, true);
    expect(status).toHaveTextContent(
      /^Prices could not be updated\. Showing prices from 12:00:01 AM\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(actions.filter(pricesRequested.match)).toHaveLength(1);
    // While that retry is out, the message and its button stay (focus is not lost).
    act(() => {
      store.dispatch(pricesFetchStarted());
    });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();

    // Prices of another day say their date (and their year when not this one).
    answer(new Date(2025, 9, 15, 12, 0, 0), true);
    expect(status).toHaveTextContent(
      /^Prices could not be updated\. Showing prices from Oct 15, 2025, 12:00:00 PM\.$/,
    );

    answer(new Date(), false);
    expect(status).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says a failed fetch first, over stale prices shown', () => {
    const { store } = renderTable(wishlistOf('ethereum'));
    act(() => {
      store.dispatch(pricesReceived([ethereum], [], ['ethereum']));
      store.dispatch(pricesFetchStarted());
      store.dispatch(pricesFetchEnded({ error: 'Connection error.' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Prices could not be updated\. Connection error\.$/,
    );
  });
});
