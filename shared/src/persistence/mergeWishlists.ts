import { computeValue } from '../wishlist/value';
import {
  dataTimeOf,
  isLoadedCoin,
  type LoadedCoin,
  type WishlistEntity,
} from '../wishlist/wishlistSlice';
import type { SavedWishlist } from './savedWishlist';

/** When an entity's market data was fetched (docs/product.md#last-updated); -Infinity without. */
const timeOf = (entity: WishlistEntity) => (isLoadedCoin(entity) ? dataTimeOf(entity) : -Infinity);

/** Marks ids added, removed or re-weighed between two states as edited at `now`. */
export function stampEdits(
  edits: Record<string, number>,
  before: { ids: string[]; entities: Record<string, WishlistEntity> },
  after: { ids: string[]; entities: Record<string, WishlistEntity> },
  now: number,
): void {
  const beforeIds = new Set(before.ids);
  const afterIds = new Set(after.ids);
  for (const id of before.ids) if (!afterIds.has(id)) edits[id] = now;
  for (const id of after.ids) {
    const changed =
      !beforeIds.has(id) ||
      (before.entities[id]?.holdings ?? '0') !== (after.entities[id]?.holdings ?? '0');
    if (changed) edits[id] = now;
  }
}

/**
 * Merges this tab's wishlist with one another tab saved, so both tabs keep their edits:
 * per id, the later edit decides membership and holdings; the newer market data wins.
 * When the other tab's entry wins outright it is kept as is, so equal states save equal text.
 */
export function mergeWishlists(local: SavedWishlist, remote: SavedWishlist): SavedWishlist {
  const ids: string[] = [];
  const entities: Record<string, WishlistEntity> = {};
  const edits = { ...remote.edits };
  for (const [id, time] of Object.entries(local.edits)) {
    edits[id] = Math.max(time, edits[id] ?? 0);
  }
  const candidates = [...new Set([...remote.ids, ...local.ids])];
  for (const id of candidates) {
    const localWins = (local.edits[id] ?? 0) > (remote.edits[id] ?? 0);
    const owner = localWins ? local : remote;
    if (!owner.ids.includes(id)) continue;
    const mine = local.entities[id] ?? null;
    const theirs = remote.entities[id] ?? null;
    const market = timeOf(mine) > timeOf(theirs) ? mine : theirs;
    const holder = owner.entities[id] ?? null;
    ids.push(id);
    if (market === holder || !isLoadedCoin(market)) {
      entities[id] = holder;
    } else {
      const holdings = holder?.holdings ?? market.holdings;
      const coin: LoadedCoin = {
        ...market,
        holdings,
        value: computeValue(holdings, market.current_price),
      };
      entities[id] = coin;
    }
  }
  return { ids, entities, edits };
}
