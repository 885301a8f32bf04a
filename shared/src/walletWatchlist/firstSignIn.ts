// The question of a first sign-in on a browser with a list of its own (docs/product.md#your-
// watchlist-follows-your-wallet): which of its tokens and holdings the wallet's list lacks.
import type { SavedWishlist } from '../persistence/savedWishlist';
import { coreForSyncCode } from './coreHandover';
import type { Edit, Token } from './listChanges';
import type { FirstSignInQuestion, OfferedToken } from './syncSlice';
import { WATCHLIST_CAP } from './watchlistBodies';

const { isLoadedCoin, SAMPLE_HOLDINGS } = coreForSyncCode();

/** A holdings text as a canonical decimal ('01.50' → '1.5'), so equal amounts compare equal. */
function canonicalAmount(holdings: string): string {
  const parts = /^\+?(\d*)(?:\.(\d*))?$/.exec(holdings.trim());
  if (!parts) return holdings.trim();
  const whole = (parts[1] ?? '').replace(/^0+/, '') || '0';
  const fraction = (parts[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export const sameAmount = (a: string, b: string) => canonicalAmount(a) === canonicalAmount(b);

/** A sample coin the visitor never touched: it stands for nothing they chose. */
function isUntouchedSample(own: SavedWishlist, id: string): boolean {
  const sample = (SAMPLE_HOLDINGS as Record<string, string | undefined>)[id];
  return (
    sample !== undefined &&
    !Object.hasOwn(own.edits, id) &&
    (own.entities[id]?.holdings ?? '0') === sample
  );
}

/**
 * The question to ask, or null when the browser's own list has nothing the wallet's lacks
 * (no list, only the untouched samples, or the same tokens and amounts).
 */
export function firstSignInQuestion(
  own: SavedWishlist,
  wallet: readonly Token[],
): FirstSignInQuestion | null {
  const saved = new Map(wallet.map((token) => [token.id, token.holdings]));
  const tokens: OfferedToken[] = [];
  for (const id of own.ids) {
    if (isUntouchedSample(own, id)) continue;
    const entity = own.entities[id] ?? null;
    const here = entity?.holdings ?? '0';
    const there = saved.get(id) ?? null;
    if (there !== null && sameAmount(here, there)) continue;
    const coin = isLoadedCoin(entity) ? entity : null;
    tokens.push({ id, name: coin?.name ?? null, symbol: coin?.symbol ?? null, here, saved: there });
  }
  if (tokens.length === 0) return null;
  return { tokens, room: Math.max(0, WATCHLIST_CAP - wallet.length) };
}

/** How many tokens the answer Add would add to the wallet's list. */
export const additionsOf = (question: FirstSignInQuestion) =>
  question.tokens.filter((token) => token.saved === null).length;

/** The answer Add as changes: the missing tokens at the end, in this browser's order; this browser's holdings. */
export function editsOfAdding(question: FirstSignInQuestion, wallet: readonly Token[]): Edit[] {
  let last = wallet.at(-1)?.id ?? null;
  return question.tokens.map(({ id, here, saved }): Edit => {
    if (saved !== null) return { kind: 'holdings', id, holdings: here };
    const add: Edit = { kind: 'add', id, holdings: here, after: last };
    last = id;
    return add;
  });
}
