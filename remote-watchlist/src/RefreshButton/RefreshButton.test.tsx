import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pricesFetchEnded, pricesFetchStarted, pricesRequested } from '@token-portfolio/shared';
import { RefreshButton, SPIN_RESET_MS } from './RefreshButton';
import { renderWithStore, wishlistOf } from '@token-portfolio/shared/testing';

describe('Refresh Prices', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks for every watched price again and spins its icon until the flag resets', async () => {
    const { actions } = renderWithStore(<RefreshButton />, { wishlist: wishlistOf() });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const button = screen.getByRole('button', { name: 'Refresh Prices' });
    const icon = button.querySelector('svg');
    expect(icon).toHaveAttribute('data-spinning', 'false');

    await user.click(button);
    expect(actions.filter(pricesRequested.match)).toHaveLength(1);
    expect(icon).toHaveAttribute('data-spinning', 'true');

    act(() => jest.advanceTimersByTime(SPIN_RESET_MS - 1));
    expect(icon).toHaveAttribute('data-spinning', 'true');
    act(() => jest.advanceTimersByTime(1));
    expect(icon).toHaveAttribute('data-spinning', 'false');
  });

  it('says it is busy while prices are on their way, sends nothing more, and works again after', async () => {
    const { actions, store } = renderWithStore(<RefreshButton />, { wishlist: wishlistOf() });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const button = screen.getByRole('button', { name: 'Refresh Prices' });
    expect(button).toHaveAttribute('aria-busy', 'false');

    await user.click(button);
    act(() => {
      store.dispatch(pricesFetchStarted());
    });
    expect(button).toHaveAttribute('aria-busy', 'true');
    act(() => jest.advanceTimersByTime(SPIN_RESET_MS));
    await user.click(button);
    await user.click(button);
    expect(actions.filter(pricesRequested.match)).toHaveLength(1);

    act(() => {
      store.dispatch(pricesFetchEnded({ error: 'Request timed out.' }));
    });
    expect(button).toHaveAttribute('aria-busy', 'false');
    await user.click(button);
    expect(actions.filter(pricesRequested.match)).toHaveLength(2);
  });

  it('keeps its accessible name with the label text', () => {
    renderWithStore(<RefreshButton />, { wishlist: wishlistOf() });
    const button = screen.getByRole('button', { name: 'Refresh Prices' });
    expect(button).toHaveTextContent('Refresh Prices');
  });
});
