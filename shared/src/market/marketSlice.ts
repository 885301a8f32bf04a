import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../store/createStore';

/** How the latest fetch of the watched tokens' prices went (the data is in the wishlist). */
export interface WatchedPricesState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** The message of the last failure; the last known prices stay on screen. */
  error: string | null;
}

export interface MarketState {
  watchedPrices: WatchedPricesState;
}

const initialState: MarketState = { watchedPrices: { status: 'idle', error: null } };

export const marketSlice = createSlice({
  name: 'market',
  initialState,
  reducers: {
    watchedPricesRequested(state) {
      state.watchedPrices.status = 'loading';
    },
    watchedPricesReceived(state) {
      state.watchedPrices = { status: 'succeeded', error: null };
    },
    watchedPricesFailed(state, action: PayloadAction<string>) {
      state.watchedPrices = { status: 'failed', error: action.payload };
    },
  },
});

export const { watchedPricesRequested, watchedPricesReceived, watchedPricesFailed } =
  marketSlice.actions;

/** Ids joined the watchlist (by any action): their prices are due. */
export const watchedIdsAdded = createAction<string[]>('market/watchedIdsAdded');

export const selectWatchedPrices = (state: RootState) => state.market.watchedPrices;
export const selectWatchedPricesStatus = (state: RootState) => state.market.watchedPrices.status;
export const selectWatchedPricesError = (state: RootState) => state.market.watchedPrices.error;
