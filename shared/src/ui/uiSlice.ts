import { createSlice } from '@reduxjs/toolkit';

/** Cross-remote UI events: the watchlist opens the add-token modal through the store. */
export interface UiState {
  addTokenOpen: boolean;
}

const initialState: UiState = { addTokenOpen: false };

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
  },
});

export const { addTokenOpened, addTokenClosed } = uiSlice.actions;
