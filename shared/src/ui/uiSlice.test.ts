import { createAppStore } from '../store/createStore';
import {
  addTokenClosed,
  addTokenOpened,
  portfolioLoadStarted,
  portfolioShown,
  selectPortfolioLoading,
  selectWalletBalancesOpen,
  uiSlice,
  walletBalancesClosed,
  walletBalancesOpened,
} from './uiSlice';
import { walletChanged } from '../wallet/walletSlice';

describe('ui slice', () => {
  it('keeps its state when an action changes nothing (no re-render for the readers)', () => {
    const closed = uiSlice.reducer(undefined, { type: '@@init' });
    expect(uiSlice.reducer(closed, addTokenClosed())).toBe(closed);
    expect(
      uiSlice.reducer(
        closed,
        walletChanged({ status: 'disconnected', address: null, chainId: null }),
      ),
    ).toBe(closed);
    expect(uiSlice.reducer(closed, addTokenOpened())).not.toBe(closed);
  });

  it('starts with the add-token modal closed', () => {
    expect(uiSlice.reducer(undefined, { type: '@@init' })).toEqual({
      addTokenOpen: false,
      walletBalancesOpen: false,
      portfolioLoading: false,
    });
    expect(createAppStore().getState().ui.addTokenOpen).toBe(false);
  });

  it('opens and closes the add-token modal through the store', () => {
    const store = createAppStore();
    store.dispatch(addTokenOpened());
    expect(store.getState().ui.addTokenOpen).toBe(true);
    store.dispatch(addTokenOpened());
    expect(store.getState().ui.addTokenOpen).toBe(true);
    store.dispatch(addTokenClosed());
    expect(store.getState().ui.addTokenOpen).toBe(false);
    store.dispatch(addTokenClosed());
    expect(store.getState().ui.addTokenOpen).toBe(false);
  });

  it('holds non-critical code back only while a host is bringing the portfolio on screen', () => {
    const store = createAppStore();
    expect(selectPortfolioLoading(store.getState())).toBe(false);
    store.dispatch(portfolioLoadStarted());
    expect(selectPortfolioLoading(store.getState())).toBe(true);
    store.dispatch(portfolioShown());
    expect(selectPortfolioLoading(store.getState())).toBe(false);
  });

  it('opens the wallet-balances dialog through the store, and closes it when the wallet disconnects', () => {
    const store = createAppStore();
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    store.dispatch(walletBalancesOpened());
    expect(selectWalletBalancesOpen(store.getState())).toBe(true);
    store.dispatch(walletBalancesClosed());
    expect(selectWalletBalancesOpen(store.getState())).toBe(false);

    store.dispatch(walletBalancesOpened());
    // Switching account or chain keeps it open: the dialog reads the new one.
    store.dispatch(walletChanged({ status: 'connected', address, chainId: 10 }));
    store.dispatch(walletChanged({ status: 'connecting', address: null, chainId: null }));
    expect(selectWalletBalancesOpen(store.getState())).toBe(true);
    store.dispatch(walletChanged({ status: 'disconnected', address: null, chainId: null }));
    expect(selectWalletBalancesOpen(store.getState())).toBe(false);
  });
});
