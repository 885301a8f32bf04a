import { createSelector, isLoadedCoin, selectWishlist } from '@token-portfolio/shared';
import { countsTowardsTotal, shareOfTotal } from './total';

// The summary's selectors. They take the wishlist root that useDeferredWishlist gives.

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
