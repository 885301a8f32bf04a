import { seriesStepHours, thinSeries } from '../portfolio/priceSeries';
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

/** Every 4th hourly point of the 7-day series is kept: enough for the first paint. */
const SAVED_SERIES_STEP_HOURS = 4;
/** A series this short is small enough to keep whole. */
const SAVED_SPARKLINE_MAX_POINTS = 60;

/**
 * What is saved of a coin: everything, but the 7-day series thinned. The full series is
 * most of a record; with it, about 1,000 watched tokens would fill localStorage's ~5 MB and
 * holdings would stop being saved. Fresh data replaces the thinned series within a second.
 * A series thinned already records its step, so saving it again leaves it as it is.
 */
function forStorage(entity: WishlistEntity): WishlistEntity {
  const series = entity?.sparkline_in_7d;
  const prices = series?.price;
  if (
    !entity ||
    !Array.isArray(prices) ||
    prices.length <= SAVED_SPARKLINE_MAX_POINTS ||
    seriesStepHours(series) !== 1
  ) {
    return entity;
  }
  return { ...entity, sparkline_in_7d: thinSeries(prices, SAVED_SERIES_STEP_HOURS) };
}

/** Canonical text (entities in list order) so equal wishlists save equal text. */
export function serializeSavedWishlist({ ids, entities, edits }: SavedWishlist): string {
  return JSON.stringify({
    version: 1,
    ids,
    entities: Object.fromEntries(ids.map((id) => [id, forStorage(entities[id] ?? null)])),
    edits,
  });
}
