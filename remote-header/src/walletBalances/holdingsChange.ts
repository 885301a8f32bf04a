import {
  removeId,
  updateHoldings,
  type UnknownAction,
  type WishlistState,
} from '@token-portfolio/shared';

export interface HoldingsChoice {
  coinId: string;
  /** The exact amount found, as holdings are kept: a decimal string. */
  holdings: string;
}

/** The wishlist actions that apply the chosen balances, and those that take them back. */
export interface HoldingsChange {
  apply: UnknownAction[];
  undo: UnknownAction[];
}

/**
 * Setting holdings goes through the shared wishlist actions: updateHoldings also adds a
 * coin that is not watched yet. Undo puts back each coin's holdings of this moment, and
 * removes the coins that applying added.
 */
export function holdingsChange(
  wishlist: WishlistState,
  choices: readonly HoldingsChoice[],
): HoldingsChange {
  const apply = choices.map(({ coinId, holdings }) => updateHoldings({ id: coinId, holdings }));
  const undo = choices.map(({ coinId }) =>
    wishlist.ids.includes(coinId)
      ? updateHoldings({ id: coinId, holdings: wishlist.entities[coinId]?.holdings ?? '0' })
      : removeId(coinId),
  );
  return { apply, undo: undo.reverse() };
}
