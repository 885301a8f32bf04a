// The door for the saved wishlist (localStorage, and what another tab saved): parsed once
// here, per entry. A bad entry does not cost the good ones; holdings stay any string,
// kept verbatim; values are derived, never trusted from storage.
import * as v from 'valibot';
import { coinOf } from '../market/schemas';
import { seriesStepHours, thinSeries } from './priceSeries';
import { computeValue } from '../wishlist/value';
import { savedIdsOf } from './savedIds';
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

/** The frame that must hold for the text to be a saved wishlist at all. */
const savedFrameSchema = v.object({
  version: v.literal(1),
  ids: v.array(v.unknown()),
  entities: v.record(v.string(), v.unknown()),
  edits: v.optional(v.record(v.string(), v.unknown()), {}),
});

const holdingsSchema = v.object({ holdings: v.string() });

/**
 * One saved entry: null stays null (not loaded yet); market fields go through the coin
 * door; an entry without holdings text is kept as not loaded, so the id is not lost.
 */
function entityOf(id: string, raw: unknown): WishlistEntity {
  const parsed = v.safeParse(holdingsSchema, raw);
  if (!parsed.success) return null;
  const { holdings } = parsed.output;
  const coin = typeof raw === 'object' && raw !== null && 'id' in raw ? coinOf(raw) : null;
  if (coin === null || coin.id !== id) return { holdings, value: null };
  return { ...coin, holdings, value: computeValue(holdings, coin.current_price) };
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Parses saved text; throws (JSON or SavedStateError) when it is not a saved wishlist. */
export function parseSavedWishlist(text: string): SavedWishlist {
  const frame = v.safeParse(savedFrameSchema, JSON.parse(text));
  if (!frame.success) throw new SavedStateError('unknown format');
  const { ids: rawIds, entities, edits } = frame.output;
  const ids = savedIdsOf(rawIds);
  return {
    ids,
    entities: Object.fromEntries(ids.map((id) => [id, entityOf(id, entities[id] ?? null)])),
    edits: Object.fromEntries(
      Object.entries(edits).filter((entry): entry is [string, number] => isFiniteNumber(entry[1])),
    ),
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
  if (entity === null || !('id' in entity)) return entity;
  const series = entity.sparkline_in_7d;
  if (
    !series ||
    series.price.length <= SAVED_SPARKLINE_MAX_POINTS ||
    seriesStepHours(series) !== 1
  ) {
    return entity;
  }
  return { ...entity, sparkline_in_7d: thinSeries(series.price, SAVED_SERIES_STEP_HOURS) };
}

/** One entry of the saved entities, as text: its id, and its record with the series thinned. */
export const savedEntryText = (id: string, entity: WishlistEntity | undefined): string =>
  `${JSON.stringify(id)}:${JSON.stringify(forStorage(entity ?? null))}`;

/**
 * The saved text from its entries' texts (savedEntryText of every id, in list order), so
 * a caller may build the entries a few at a time (a long list takes a while to write).
 */
export function savedTextOf({ ids, edits }: SavedWishlist, entryTexts: readonly string[]): string {
  return `{"version":1,"ids":${JSON.stringify(ids)},"entities":{${entryTexts.join(',')}},"edits":${JSON.stringify(edits)}}`;
}

/** Canonical text (entities in list order) so equal wishlists save equal text. */
export function serializeSavedWishlist(saved: SavedWishlist): string {
  return savedTextOf(
    saved,
    saved.ids.map((id) => savedEntryText(id, saved.entities[id])),
  );
}
