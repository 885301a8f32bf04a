import { computeValue } from '../wishlist/value';
import type { WishlistEntity, WishlistState } from '../wishlist/wishlistSlice';

/**
 * What is saved: the wishlist plus, per id, when this browser last added, removed or
 * re-weighed it, so two tabs can merge their edits (see mergeWishlists).
 */
export interface SavedWishlist extends WishlistState {
  edits: Record<string, number>;
}

export class SavedStateError extends Error {
  override name = 'SavedStateError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumberOrNull = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'number' && Number.isFinite(value));

function entityOf(id: string, raw: unknown): WishlistEntity {
  if (raw === null) return null;
  if (!isRecord(raw) || typeof raw['holdings'] !== 'string') {
    throw new SavedStateError(`entry '${id}' has no holdings text`);
  }
  if (!isNumberOrNull(raw['current_price'])) {
    throw new SavedStateError(`entry '${id}' has a price that is not a number`);
  }
  const holdings = raw['holdings'];
  const price = raw['current_price'] as number | null | undefined;
  // The value is derived, never trusted from storage.
  return { ...raw, holdings, value: computeValue(holdings, price) };
}

/** Parses saved text; throws (JSON or SavedStateError) when it is not a saved wishlist. */
export function parseSavedWishlist(text: string): SavedWishlist {
  const data: unknown = JSON.parse(text);
  if (!isRecord(data) || data['version'] !== 1) throw new SavedStateError('unknown format');
  const { ids, entities, edits = {} } = data;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new SavedStateError('ids is not a list of names');
  }
  if (new Set(ids).size !== ids.length) throw new SavedStateError('ids repeat');
  if (!isRecord(entities) || !isRecord(edits)) throw new SavedStateError('wrong shape');
  const cleanEdits: Record<string, number> = {};
  for (const [id, time] of Object.entries(edits)) {
    if (typeof time === 'number' && Number.isFinite(time)) cleanEdits[id] = time;
  }
  return {
    ids,
    entities: Object.fromEntries(ids.map((id) => [id, entityOf(id, entities[id] ?? null)])),
    edits: cleanEdits,
  };
}

/** Canonical text (entities in list order) so equal wishlists save equal text. */
export function serializeSavedWishlist({ ids, entities, edits }: SavedWishlist): string {
  return JSON.stringify({
    version: 1,
    ids,
    entities: Object.fromEntries(ids.map((id) => [id, entities[id] ?? null])),
    edits,
  });
}
