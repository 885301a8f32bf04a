import { createSelector, type UnknownAction } from '@reduxjs/toolkit';
import { dataTimeOf, isLoadedCoin, type WishlistState } from '../wishlist/wishlistSlice';
import {
  pricesAttemptFailed,
  pricesFetchEnded,
  pricesFetchStarted,
  pricesReceived,
  type PricesReceivedPayload,
} from './events';

/** How the latest fetch of the watched tokens' prices went (the data is in the wishlist). */
export interface WatchedPricesState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** The message of the last failure; the last known prices stay on screen. */
  error: string | null;
  /** An attempt of the fetch under way failed and is being retried (error says why). */
  retrying: boolean;
}

/**
 * The `pricesStatus` slice: how fetching the watched tokens' prices goes. The prices
 * themselves are in the wishlist; `market/` is the HTTP client, not a slice.
 */
export interface PricesStatusState {
  watchedPrices: WatchedPricesState;
  /** Watched ids the market answered without: shown as such, not asked for again until a refresh. */
  missingIds: Record<string, true>;
  /**
   * Coins the gateway last answered with its last known data, by id, with that data's
   * last_updated: stale while the wishlist still shows that data (selectStaleSince).
   */
  staleCoins: Record<string, string | null>;
}

const initialState: PricesStatusState = {
  watchedPrices: { status: 'idle', error: null, retrying: false },
  missingIds: {},
  staleCoins: {},
};

/** The watched ids the market answered without, after one more answer. */
function missingAfter(
  missingIds: PricesStatusState['missingIds'],
  { coins, missingIds: newlyMissing }: PricesReceivedPayload,
): PricesStatusState['missingIds'] {
  // Usually nothing is missing, before or after: then the state stays as it is.
  if (Object.keys(missingIds).length === 0 && newlyMissing.length === 0) return missingIds;
  const found = coins.filter((coin) => Object.hasOwn(missingIds, coin.id));
  const lost = newlyMissing.filter((id) => !Object.hasOwn(missingIds, id));
  if (found.length === 0 && lost.length === 0) return missingIds;
  const next = { ...missingIds };
  for (const coin of found) delete next[coin.id];
  for (const id of lost) next[id] = true;
  return next;
}

/** The stale coins after one more answer: its stale coins in, its fresh ones out. */
function staleAfter(
  staleCoins: PricesStatusState['staleCoins'],
  { coins, staleIds }: PricesReceivedPayload,
): PricesStatusState['staleCoins'] {
  // Usually every answer is fresh, before and after: then the state stays as it is.
  if (staleIds.length === 0 && Object.keys(staleCoins).length === 0) return staleCoins;
  const stale = new Set(staleIds);
  let next = staleCoins;
  const change = () => (next === staleCoins ? { ...staleCoins } : next);
  for (const { id, last_updated } of coins) {
    if (stale.has(id)) {
      if (!Object.hasOwn(next, id) || next[id] !== last_updated) {
        next = change();
        next[id] = last_updated;
      }
    } else if (Object.hasOwn(next, id)) {
      next = change();
      delete next[id];
    }
  }
  return next;
}

function pricesStatusReducer(
  state: PricesStatusState = initialState,
  action: UnknownAction,
): PricesStatusState {
  if (pricesFetchStarted.match(action)) {
    if (state.watchedPrices.status === 'loading') return state;
    return { ...state, watchedPrices: { ...state.watchedPrices, status: 'loading' } };
  }
  if (pricesAttemptFailed.match(action)) {
    if (state.watchedPrices.status !== 'loading') return state; // a fetch that has ended
    const error = action.payload.error ?? state.watchedPrices.error;
    return { ...state, watchedPrices: { status: 'loading', error, retrying: true } };
  }
  if (pricesReceived.match(action)) {
    const missingIds = missingAfter(state.missingIds, action.payload);
    const staleCoins = staleAfter(state.staleCoins, action.payload);
    if (missingIds === state.missingIds && staleCoins === state.staleCoins) return state;
    return { ...state, missingIds, staleCoins };
  }
  if (pricesFetchEnded.match(action)) {
    const { error } = action.payload;
    const status = error === null ? 'succeeded' : 'failed';
    return { ...state, watchedPrices: { status, error, retrying: false } };
  }
  return state;
}

export const pricesStatusSlice = {
  reducerPath: 'pricesStatus',
  reducer: pricesStatusReducer,
} as const;

// Typed by the slice's own state, not the store's, so the store can import this file.
type WithPricesStatus = { pricesStatus: PricesStatusState };

export const selectWatchedPrices = (state: WithPricesStatus) => state.pricesStatus.watchedPrices;
export const selectWatchedPricesStatus = (state: WithPricesStatus) =>
  state.pricesStatus.watchedPrices.status;
export const selectWatchedPricesError = (state: WithPricesStatus) =>
  state.pricesStatus.watchedPrices.error;
/** True while a failed attempt of the fetch under way is being retried. */
export const selectWatchedPricesRetrying = (state: WithPricesStatus) =>
  state.pricesStatus.watchedPrices.retrying;
/** True once the market has answered without this id (until it answers with it). */
export const selectIsMissingFromMarket = (state: WithPricesStatus, id: string) =>
  state.pricesStatus.missingIds[id] === true;

/**
 * When the oldest stale data the watchlist shows was fetched (epoch ms), or null when it
 * shows none: the coins the gateway last answered with its last known data, while the
 * wishlist still holds that data (a fresh answer, or another tab's newer data, ends it).
 */
export const selectStaleSince = createSelector(
  [
    (state: WithPricesStatus & { wishlist: WishlistState }) => state.wishlist.entities,
    (state: WithPricesStatus) => state.pricesStatus.staleCoins,
  ],
  (entities, staleCoins) => {
    let oldest: number | null = null;
    for (const [id, lastUpdated] of Object.entries(staleCoins)) {
      const coin = Object.hasOwn(entities, id) ? (entities[id] ?? null) : null;
      if (!isLoadedCoin(coin) || coin.last_updated !== lastUpdated) continue;
      const time = dataTimeOf(coin);
      if (Number.isFinite(time) && (oldest === null || time < oldest)) oldest = time;
    }
    return oldest;
  },
);
