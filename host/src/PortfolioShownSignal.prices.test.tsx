import { act } from 'react';
import { pricesFetchEnded, selectPortfolioLoading } from '@token-portfolio/shared';
import { ethereum, renderWithStore, watched, wishlistOf } from '@token-portfolio/shared/testing';
import { PortfolioShownSignal } from './PortfolioShownSignal';
import { markSlotShown } from './slotsShown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A page whose widgets are on screen while this visit's prices are still on their way. */
const pricesOnTheirWay = {
  ui: { addTokenOpen: false, walletBalancesOpen: false, portfolioLoading: true },
  wishlist: wishlistOf(watched(ethereum, '1')),
  pricesStatus: {
    watchedPrices: { status: 'loading' as const, error: null, retrying: false },
    missingIds: {},
    staleCoins: {},
  },
};

// A file of its own: a slot, once shown, stays shown for the page's life (slotsShown.ts).
it("holds the rest back until this visit's prices are in, and lets it load right after", async () => {
  const { store } = renderWithStore(<PortfolioShownSignal />, pricesOnTheirWay);
  markSlotShown('summary');
  markSlotShown('watchlist');

  // The wallet stack must not compete with the market's answer for the network.
  await act(() => jest.advanceTimersByTimeAsync(1_500));
  expect(selectPortfolioLoading(store.getState())).toBe(true);

  act(() => store.dispatch(pricesFetchEnded({ error: null })));
  // An idle moment later, and before the 3 s the rest waits at most for a slow market.
  await act(() => jest.advanceTimersByTimeAsync(1_000));
  expect(selectPortfolioLoading(store.getState())).toBe(false);
});
