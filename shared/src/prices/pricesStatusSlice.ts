import { createSlice } from '@reduxjs/toolkit';
import { pricesFetchEnded, pricesFetchStarted, pricesReceived } from './events';

/** How the latest fetch of the watched tokens' prices went (the data is in the wishlist). */
export interface WatchedPricesState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** The message of the last failure; the last known prices stay on screen. */
  error: string | null;
}

export interface MarketState {
  watchedPrices: WatchedPricesState;
  /** Watched ids the market answered without: shown as such, not asked for again until a refresh. */
  missingIds: Record<string, true>;
}

const initialState: MarketState = {
  watchedPrices: { status: 'idle', error: null },
  missingIds: {},
};

export const marketSlice = createSlice({
  name: 'market',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(pricesFetchStarted, (state) => {
        state.watchedPrices.status = 'loading';
      })
      .addCase(pricesReceived, (state, { payload }) => {
        // Usually nothing is missing: then 1,000 deletes on the draft would be a waste.
        if (Object.keys(state.missingIds).length > 0) {
          for (const coin of payload.coins) delete state.missingIds[coin.id];
        }
        for (const id of payload.missingIds) state.missingIds[id] = true;
      })
      .addCase(pricesFetchEnded, (state, { payload: { error } }) => {
        state.watchedPrices = { status: error === null ? 'succeeded' : 'failed', error };
      }),
});

// Typed by the slice's own state, not the store's, so the store can import this file.
type WithMarket = { market: MarketState };

export const selectWatchedPrices = (state: WithMarket) => state.market.watchedPrices;
export const selectWatchedPricesStatus = (state: WithMarket) => state.market.watchedPrices.status;
export const selectWatchedPricesError = (state: WithMarket) => state.market.watchedPrices.error;
/** True once the market has answered without this id (until it answers with it). */
export const selectIsMissingFromMarket = (state: WithMarket, id: string) =>
  state.market.missingIds[id] === true;
