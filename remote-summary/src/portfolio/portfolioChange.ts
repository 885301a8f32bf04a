import {
  amountHeld,
  createSelector,
  selectWishlist,
  type WishlistEntity,
} from '@token-portfolio/shared';
import { countsTowardsTotal } from './total';

export interface PortfolioChange {
  /** Dollars gained (negative: lost) in 24 h by the coins counted; null when none counts. */
  dollars: number | null;
  /** That change against their value 24 h ago, in percent; null when none counts. */
  percent: number | null;
  /** Coins held but left out: no price, or no usable 24h change. */
  leftOut: number;
}

/**
 * The portfolio's 24h change from each coin of the total (docs/product.md#validation-rules: its value above
 * zero) and its 24h change in percent, the figure the watchlist shows: a coin worth V now
 * after a change of p % was worth V / (1 + p / 100) a day ago. A held coin without a price
 * or a change is left out and counted; a change of -100 % or less is no change a coin
 * that still has a price can have, so it counts as missing.
 */
export function portfolioChange(coins: readonly (WishlistEntity | undefined)[]): PortfolioChange {
  let now = 0;
  let dayAgo = 0;
  let counted = 0;
  let leftOut = 0;
  for (const coin of coins) {
    const amount = coin ? amountHeld(coin.holdings) : null;
    if (!coin || amount === null || amount <= 0) continue;
    if (coin.value === null) {
      leftOut += 1;
      continue;
    }
    // Worth nothing, or not a finite value: not part of the total either.
    if (!countsTowardsTotal(coin.value)) continue;
    const percent = coin.price_change_percentage_24h;
    if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= -100) {
      leftOut += 1;
      continue;
    }
    now += coin.value;
    dayAgo += coin.value / (1 + percent / 100);
    counted += 1;
  }
  const dollars = now - dayAgo;
  const percent = (dollars / dayAgo) * 100;
  // Values near the limits of a number can add up past them: then there is no figure.
  if (counted === 0 || !Number.isFinite(dollars) || !Number.isFinite(percent)) {
    return { dollars: null, percent: null, leftOut };
  }
  return { dollars, percent, leftOut };
}

/** Memoized: recomputed only when the wishlist changes (holdings, prices, additions). */
export const selectPortfolioChange = createSelector([selectWishlist], ({ ids, entities }) =>
  portfolioChange(ids.map((id) => entities[id])),
);
