import { act, screen, within } from '@testing-library/react';
import { updateHoldings } from '@token-portfolio/shared';
import { heldCoin } from '@token-portfolio/shared/testing';
import { renderSummary } from '../testing/renderSummary';
import { TOTAL_ANIMATION_MS } from './useAnimatedNumber';

const totalText = () =>
  within(screen.getByRole('region', { name: 'Portfolio Total' })).getByText(/^\$/).textContent;

describe('the animated portfolio total', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts up to the total and ends exactly on it after 500 ms', () => {
    renderSummary([
      heldCoin('ethereum', 1234.5, { current_price: 1234.5, holdings: '1' }),
      heldCoin('solana', 0.25, { current_price: 0.25, holdings: '1' }),
    ]);
    act(() => jest.advanceTimersByTime(TOTAL_ANIMATION_MS / 2));
    expect(totalText()).not.toBe('$1,234.75');
    act(() => jest.advanceTimersByTime(TOTAL_ANIMATION_MS));
    expect(totalText()).toBe('$1,234.75');
  });

  it('moves from the previous total to the new one when a holding changes', () => {
    const { store } = renderSummary([
      heldCoin('ethereum', 2000, { current_price: 1000, holdings: '2' }),
    ]);
    act(() => jest.advanceTimersByTime(TOTAL_ANIMATION_MS + 100));
    expect(totalText()).toBe('$2,000.00');

    act(() => {
      store.dispatch(updateHoldings({ id: 'ethereum', holdings: '3' }));
    });
    act(() => jest.advanceTimersByTime(TOTAL_ANIMATION_MS / 2));
    const midway = Number(totalText()?.replace(/[$,]/g, ''));
    expect(midway).toBeGreaterThan(2000);
    expect(midway).toBeLessThan(3000);

    act(() => jest.advanceTimersByTime(TOTAL_ANIMATION_MS));
    expect(totalText()).toBe('$3,000.00');
  });
});
