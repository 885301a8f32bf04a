import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refreshPrices } from '@token-portfolio/shared';
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
    expect(actions.filter(refreshPrices.match)).toHaveLength(1);
    expect(icon).toHaveAttribute('data-spinning', 'true');

    act(() => jest.advanceTimersByTime(SPIN_RESET_MS - 1));
    expect(icon).toHaveAttribute('data-spinning', 'true');
    act(() => jest.advanceTimersByTime(1));
    expect(icon).toHaveAttribute('data-spinning', 'false');
  });

  it('keeps its accessible name with the label text', () => {
    renderWithStore(<RefreshButton />, { wishlist: wishlistOf() });
    const button = screen.getByRole('button', { name: 'Refresh Prices' });
    expect(button).toHaveTextContent('Refresh Prices');
  });
});
