// Per-token changes of the wallet's watchlist (docs/architecture.md#the-wallets-watchlist-
// on-the-server, Changes, not lists): derived from two states of the list, and applied to a
// list. The server applies them with the same applyChange
// (`@token-portfolio/shared/list-changes`; this module imports types only), so the page
// shows the server's list with its own unsent changes on top as the server will.
import type { WishlistState } from '../wishlist/wishlistSlice';
import type { Change, WalletWatchlist } from './watchlistBodies';

/** One token of the wallet's list: its id and holdings (the server keeps nothing else). */
export type Token = WalletWatchlist['tokens'][number];

type WithoutChangeId<C> = C extends Change ? Omit<C, 'changeId'> : never;
/** A change before it is given its changeId. */
export type Edit = WithoutChangeId<Change>;

/** The list's tokens as the wishlist holds them (holdings '0' for a token with no record yet). */
export function tokensOf({ ids, entities }: Pick<WishlistState, 'ids' | 'entities'>): Token[] {
  return ids.map((id) => ({ id, holdings: entities[id]?.holdings ?? '0' }));
}

/** Takes `token` out of the order and puts it after `after` (first for null; last when `after` is gone). */
function place(tokens: Token[], token: Token, after: string | null): void {
  const at = tokens.findIndex((t) => t.id === token.id);
  if (at !== -1) tokens.splice(at, 1);
  const afterAt = after === null ? -1 : tokens.findIndex((t) => t.id === after);
  if (after !== null && afterAt === -1) tokens.push(token);
  else tokens.splice(afterAt + 1, 0, token);
}

/**
 * One change applied in place, as the server applies it: an add of a token already there
 * sets its holdings and moves it; holdings of a token not there bring it back at the end
 * (the later edit wins); a remove or a move of a token not there changes nothing.
 */
export function applyChange(tokens: Token[], change: Edit): void {
  const at = tokens.findIndex((t) => t.id === change.id);
  switch (change.kind) {
    case 'add':
      place(tokens, { id: change.id, holdings: change.holdings }, change.after);
      return;
    case 'remove':
      if (at !== -1) tokens.splice(at, 1);
      return;
    case 'holdings':
      if (at !== -1) tokens[at] = { id: change.id, holdings: change.holdings };
      else tokens.push({ id: change.id, holdings: change.holdings });
      return;
    case 'move': {
      const current = tokens[at];
      if (current) place(tokens, current, change.after);
      return;
    }
  }
}

/** `tokens` with `changes` applied in order (a new list). */
export function withChanges(tokens: readonly Token[], changes: readonly Edit[]): Token[] {
  const next = [...tokens];
  for (const change of changes) applyChange(next, change);
  return next;
}

/**
 * Indexes of a longest strictly increasing subsequence of `values` (patience sorting,
 * O(n log n)): the tokens that keep their relative order need no move.
 */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = []; // index into values of the smallest tail of each length
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((values[tails[middle] ?? 0] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1] ?? -1;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index] ?? -1) kept.add(index);
  return kept;
}

/**
 * The fewest per-token changes that turn `before` into `after`: removals first, then, in
 * the new order, additions and moves (each placed after the token before it, which is in
 * place by then) and holdings. Applied to `before` with applyChange they give `after`.
 */
export function changesBetween(before: readonly Token[], after: readonly Token[]): Edit[] {
  const holdingsBefore = new Map(before.map((token) => [token.id, token.holdings]));
  const positionAfter = new Map(after.map((token, index) => [token.id, index]));
  const edits: Edit[] = [];
  for (const { id } of before) if (!positionAfter.has(id)) edits.push({ kind: 'remove', id });
  const kept = before.filter(({ id }) => positionAfter.has(id));
  const inOrder = longestIncreasing(kept.map(({ id }) => positionAfter.get(id) ?? 0));
  const unmoved = new Set(kept.filter((_, index) => inOrder.has(index)).map(({ id }) => id));
  after.forEach(({ id, holdings }, index) => {
    const previous = index === 0 ? null : (after[index - 1]?.id ?? null);
    const held = holdingsBefore.get(id);
    if (held === undefined) {
      edits.push({ kind: 'add', id, holdings, after: previous });
      return;
    }
    if (!unmoved.has(id)) edits.push({ kind: 'move', id, after: previous });
    if (held !== holdings) edits.push({ kind: 'holdings', id, holdings });
  });
  return edits;
}
