import type { RootState } from '../store/createStore';
import { WATCHLIST_CAP } from './wishlistSlice';

/** The part of the state the summary's selectors read (it passes a deferred copy). */
export type WishlistRoot = Pick<RootState, 'wishlist'>;

export const selectWishlist = (state: WishlistRoot) => state.wishlist;
export const selectWatchedIds = (state: RootState) => state.wishlist.ids;
/** True when the watchlist takes no more tokens (WATCHLIST_CAP). */
export const selectWatchlistFull = (state: RootState) => state.wishlist.ids.length >= WATCHLIST_CAP;
export const selectCoinById = (state: RootState, id: string) => state.wishlist.entities[id] ?? null;
