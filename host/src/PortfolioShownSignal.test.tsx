import { act } from 'react';
import { selectPortfolioLoading } from '@token-portfolio/shared';
import { ethereum, renderWithStore, watched, wishlistOf } from '@token-portfolio/shared/testing';
import { PortfolioShownSignal } from './PortfolioShownSignal';
import { markSlotShown } from './slotsShown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A page whose market has answered, the portfolio not yet shown. */
const pricesIn = {
  ui: { addTokenOpen: false, walletBalancesOpen: false, portfolioLoading: true },
  wishlist: wishlistOf(watched(ethereum, '1')),
  pricesStatus: {
    watchedPrices: { status: 'succeeded' as const, error: null, retrying: false },
    missingIds: {},
    staleCoins: {},
  },
};

// One test: a slot, once shown, stays shown for the page's life (slotsShown.ts).
it('waits for the summary and the watchlist, and not for good for one whose code never comes', async () => {
  const { store } = renderWithStore(<PortfolioShownSignal />, pricesIn);
  markSlotShown('summary');

  await act(() => jest.advanceTimersByTimeAsync(14_000));
  expect(selectPortfolioLoading(store.getState())).toBe(true);

  // The watchlist's server never answered: 15 s after the page started, the rest loads.
  await act(() => jest.advanceTimersByTimeAsync(1_100));
  await act(() => jest.advanceTimersByTimeAsync(100)); // the idle wait the reveal starts
  expect(selectPortfolioLoading(store.getState())).toBe(false);
});
