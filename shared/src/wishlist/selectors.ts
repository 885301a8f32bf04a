import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../store/createStore';
import { countsTowardsTotal, shareOfTotal } from './value';
import { WATCHLIST_CAP, isLoadedCoin } from './wishlistSlice';

/** The part of the state the portfolio selectors read (see useDeferredWishlist). */
export type WishlistRoot = Pick<RootState, 'wishlist'>;

export const selectWishlist = (state: WishlistRoot) => state.wishlist;
export const selectWatchedIds = (state: RootState) => state.wishlist.ids;
/** True when the watchlist takes no more tokens (WATCHLIST_CAP). */
export const selectWatchlistFull = (state: RootState) => state.wishlist.ids.length >= WATCHLIST_CAP;
export const selectCoinById = (state: RootState, id: string) => state.wishlist.entities[id] ?? null;

/** Sum of the finite values above zero. */
export const selectPortfolioTotal = createSelector([selectWishlist], ({ ids, entities }) =>
  ids.reduce((sum, id) => {
    const value = entities[id]?.value;
    return countsTowardsTotal(value) ? sum + value : sum;
  }, 0),
);

export interface BreakdownSlice {
  id: string;
  name: string;
  symbol: string;
  value: number;
  /** Share of the total, rounded to one decimal. */
  percent: number;
}

export const selectBreakdown = createSelector(
  [selectWishlist, selectPortfolioTotal],
  ({ ids, entities }, total): BreakdownSlice[] => {
    if (total <= 0) return [];
    return ids.flatMap((id) => {
      const coin = entities[id] ?? null;
      if (!isLoadedCoin(coin) || !countsTowardsTotal(coin.value)) return [];
      return [
        {
          id,
          name: coin.name ?? id,
          symbol: (coin.symbol ?? '').toUpperCase(),
          value: coin.value,
          percent: shareOfTotal(coin.value, total),
        },
      ];
    });
  },
);

/** The latest last_updated of any watched coin, or null when none has data. */
export const selectLastUpdated = createSelector([selectWishlist], ({ ids, entities }) => {
  let latest: number | null = null;
  for (const id of ids) {
    const coin = entities[id] ?? null;
    const time = isLoadedCoin(coin) ? Date.parse(coin.last_updated ?? '') : NaN;
    if (Number.isFinite(time) && (latest === null || time > latest)) latest = time;
  }
  return latest === null ? null : new Date(latest);
});

export const TABLE_PAGE_SIZE = 6;

export interface PageWindow {
  /** The page actually shown: clamped to 1..totalPages. */
  page: number;
  totalPages: number;
  /** Index of the first row on the page (0-based) and one past the last. */
  start: number;
  end: number;
  total: number;
}

/** Which rows a page shows; the page is clamped down when the list shrinks. */
export function pageWindow(
  total: number,
  requestedPage: number,
  pageSize = TABLE_PAGE_SIZE,
): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), totalPages);
  const start = (page - 1) * pageSize;
  return { page, totalPages, start, end: Math.min(start + pageSize, total), total };
}
