import { createSlice } from '@reduxjs/toolkit';

/** Cross-remote UI events: the watchlist opens the add-token modal through the store. */
export interface UiState {
  addTokenOpen: boolean;
  /**
   * A host is bringing the summary and watchlist on screen: code that is not on that
   * critical path (the wallet stack, the modal) waits until it is done. Never set on a
   * page without a host (an embedded or standalone widget), so nothing waits there.
   */
  portfolioLoading: boolean;
}

const initialState: UiState = { addTokenOpen: false, portfolioLoading: false };

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
  },
});

export const { addTokenOpened, addTokenClosed, portfolioLoadStarted, portfolioShown } =
  uiSlice.actions;

export const selectAddTokenOpen = (state: { ui: UiState }) => state.ui.addTokenOpen;
export const selectPortfolioLoading = (state: { ui: UiState }) => state.ui.portfolioLoading;
