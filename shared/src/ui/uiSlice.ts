import { createSlice } from '@reduxjs/toolkit';
import { walletChanged } from '../wallet/walletSlice';

/**
 * Cross-remote UI events: the watchlist opens the add-token modal and the wallet-balances
 * dialog (both rendered by other remotes) through the store.
 */
export interface UiState {
  addTokenOpen: boolean;
  /** The header's 'Use wallet balances' dialog; it closes when the wallet disconnects. */
  walletBalancesOpen: boolean;
  /**
   * A host is bringing the summary and watchlist on screen: code that is not on that
   * critical path (the wallet stack, the modal) waits until it is done. Never set on a
   * page without a host (an embedded or standalone widget), so nothing waits there.
   */
  portfolioLoading: boolean;
}

const initialState: UiState = {
  addTokenOpen: false,
  walletBalancesOpen: false,
  portfolioLoading: false,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    addTokenOpened(state) {
      state.addTokenOpen = true;
    },
    addTokenClosed(state) {
      state.addTokenOpen = false;
    },
    portfolioLoadStarted(state) {
      state.portfolioLoading = true;
    },
    portfolioShown(state) {
      state.portfolioLoading = false;
    },
    walletBalancesOpened(state) {
      state.walletBalancesOpen = true;
    },
    walletBalancesClosed(state) {
      state.walletBalancesOpen = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(walletChanged, (state, action) => {
      if (action.payload.status === 'disconnected') state.walletBalancesOpen = false;
    });
  },
});

export const {
  addTokenOpened,
  addTokenClosed,
  portfolioLoadStarted,
  portfolioShown,
  walletBalancesOpened,
  walletBalancesClosed,
} = uiSlice.actions;

export const selectAddTokenOpen = (state: { ui: UiState }) => state.ui.addTokenOpen;
export const selectPortfolioLoading = (state: { ui: UiState }) => state.ui.portfolioLoading;
export const selectWalletBalancesOpen = (state: { ui: UiState }) => state.ui.walletBalancesOpen;
