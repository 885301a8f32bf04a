import { act, screen } from '@testing-library/react';
import { walletChanged, walletSlice } from '@token-portfolio/shared';
import { WatchlistSection } from '../WatchlistSection/WatchlistSection';
import { renderWithStore, wishlistOf } from '@token-portfolio/shared/testing';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe("the watchlist's 'Use wallet balances'", () => {
  it('is offered only while a wallet is connected, and only asks the header through the store', async () => {
    const { store, user, actions } = renderWithStore(<WatchlistSection />, {
      wishlist: wishlistOf(),
    });
    const button = () => screen.queryByRole('button', { name: 'Use wallet balances' });
    expect(button()).toBeNull();

    act(() => {
      store.injectSlice(walletSlice);
      store.dispatch(walletChanged({ status: 'connected', address, chainId: 10 }));
    });
    await user.click(button() as HTMLElement);
    expect(store.getState().ui.walletBalancesOpen).toBe(true);
    expect(actions.map((action) => action.type)).toContain('ui/walletBalancesOpened');
    expect(store.getState().wishlist).toEqual(wishlistOf());

    act(() => {
      store.dispatch(walletChanged({ status: 'disconnected', address: null, chainId: null }));
    });
    expect(button()).toBeNull();
    expect(store.getState().ui.walletBalancesOpen).toBe(false);
  });
});
