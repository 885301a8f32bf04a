import {
  WATCHLIST_CAP,
  formatTokenLabel,
  imported,
  importUndone,
  isLoadedCoin,
  type UnknownAction,
  type WishlistState,
} from '@token-portfolio/shared';
import { sameAmount } from './decimalText';
import type { FileToken } from './watchlistFile';

/** A token of the preview: how it is named and its holdings in the file (and now). */
export interface PlannedToken {
  id: string;
  label: string;
  holdings: string;
  /** The holdings the watchlist has now; for a token it has not, none. */
  before?: string;
}

/**
 * What importing a file would change in the watchlist as it is: tokens to add, holdings
 * to change, tokens left as they are (the same amount, however written), and how many
 * more tokens the watchlist takes (docs/product.md#export-and-import).
 */
export interface ImportPlan {
  added: PlannedToken[];
  changed: PlannedToken[];
  unchanged: PlannedToken[];
  room: number;
}

/** An apostrophe a CSV export put before a formula-like name is not part of it. */
const unescaped = (text: string) => text.replace(/^'(?=[=+\-@\t\r])/, '');

/** The watchlist's name for a token it has data for, else the file's, else its id. */
function labelOf(wishlist: WishlistState, token: FileToken): string {
  const entity = wishlist.entities[token.id] ?? null;
  const { name, symbol } = isLoadedCoin(entity)
    ? { name: entity.name ?? '', symbol: entity.symbol ?? '' }
    : { name: unescaped(token.name), symbol: unescaped(token.symbol) };
  if (name.trim() === '') return token.id;
  return symbol.trim() === '' ? name.trim() : formatTokenLabel(name, symbol);
}

export function importPlan(wishlist: WishlistState, tokens: readonly FileToken[]): ImportPlan {
  const plan: ImportPlan = {
    added: [],
    changed: [],
    unchanged: [],
    room: Math.max(0, WATCHLIST_CAP - wishlist.ids.length),
  };
  for (const token of tokens) {
    const planned: PlannedToken = {
      id: token.id,
      label: labelOf(wishlist, token),
      holdings: token.holdings,
    };
    if (!Object.hasOwn(wishlist.entities, token.id)) {
      plan.added.push(planned);
      continue;
    }
    const before = wishlist.entities[token.id]?.holdings ?? '0';
    if (sameAmount(before, token.holdings)) plan.unchanged.push({ ...planned, before });
    else plan.changed.push({ ...planned, before });
  }
  return plan;
}

/** Whether importing changes anything, and fits under the cap. */
export const canApply = (plan: ImportPlan): boolean =>
  (plan.added.length > 0 || plan.changed.length > 0) && plan.added.length <= plan.room;

const holdingsOf = ({ id, holdings }: PlannedToken) => ({ id, holdings });

/** The one action that applies the plan, and the one that takes it back. */
export function importActions(plan: ImportPlan): { apply: UnknownAction; undo: UnknownAction } {
  return {
    apply: imported({
      added: plan.added.map(holdingsOf),
      holdingsChanged: plan.changed.map(holdingsOf),
    }),
    undo: importUndone({
      addedIds: plan.added.map(({ id }) => id),
      holdingsBefore: plan.changed.map(({ id, before }) => ({ id, holdings: before ?? '0' })),
    }),
  };
}
