import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CoinMarket } from '../market/types';
import { computeValue } from './value';

/** A watched coin: market fields once they have arrived, plus the visitor's holdings. */
export type WatchedCoin = Partial<CoinMarket> & {
  /** A string amount, default '0': text while being edited. */
  holdings: string;
  value: number | null;
};

/** null: the id is watched but its data has not been loaded yet. */
export type WishlistEntity = WatchedCoin | null;

export interface WishlistState {
  ids: string[];
  entities: Record<string, WishlistEntity>;
}

export const emptyWishlist: WishlistState = { ids: [], entities: {} };

interface CoinsPayload {
  coins: CoinMarket[];
  receivedAt: string;
}

/** Stamps the merge time in the action so the reducer stays pure. */
const withReceivedAt = (coins: CoinMarket[]) => ({
  payload: { coins, receivedAt: new Date().toISOString() },
});

function mergeCoins(state: WishlistState, { coins, receivedAt }: CoinsPayload) {
  for (const coin of coins) {
    const holdings = state.entities[coin.id]?.holdings ?? '0';
    state.entities[coin.id] = {
      ...coin,
      holdings,
      value: computeValue(holdings, coin.current_price),
      last_updated: receivedAt,
    };
    if (!state.ids.includes(coin.id)) state.ids.push(coin.id);
  }
}

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: emptyWishlist,
  reducers: {
    addId(state, action: PayloadAction<string>) {
      if (state.ids.includes(action.payload)) return;
      state.ids.push(action.payload);
      state.entities[action.payload] = null;
    },
    removeId(state, action: PayloadAction<string>) {
      state.ids = state.ids.filter((id) => id !== action.payload);
      delete state.entities[action.payload];
    },
    setCoinsData: {
      reducer: (state, action: PayloadAction<CoinsPayload>) => mergeCoins(state, action.payload),
      prepare: withReceivedAt,
    },
    updateHoldings(state, action: PayloadAction<{ id: string; holdings: string }>) {
      const { id, holdings } = action.payload;
      const entity = state.entities[id];
      if (entity) {
        entity.holdings = holdings;
        entity.value = computeValue(holdings, entity.current_price);
        return;
      }
      state.entities[id] = { holdings, value: null };
      if (!state.ids.includes(id)) state.ids.push(id);
    },
    /** The same merge as setCoinsData; with no coins it asks the sagas to re-fetch. */
    refreshPrices: {
      reducer: (state, action: PayloadAction<CoinsPayload>) => mergeCoins(state, action.payload),
      prepare: (coins: CoinMarket[] = []) => withReceivedAt(coins),
    },
    replaceWholeState(_state, action: PayloadAction<WishlistState>) {
      return { ids: [...action.payload.ids], entities: { ...action.payload.entities } };
    },
  },
});

export const { addId, removeId, setCoinsData, updateHoldings, refreshPrices, replaceWholeState } =
  wishlistSlice.actions;
