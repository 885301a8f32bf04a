import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import type { CoinMarket } from '../market/types';
import { pricesReceived } from '../prices/events';
import { computeValue } from './value';
import { WATCHLIST_CAP } from './watchlistCap';

/** The visitor's part of a watched coin: a string amount (text while being edited). */
interface Holdings {
  /** Default '0'; any string, kept verbatim (docs/product.md#holdings-and-value and #validation-rules). */
  holdings: string;
  value: number | null;
}

/** A watched coin whose market data has arrived (through the door: fields valid or null). */
export type LoadedCoin = CoinMarket & Holdings;

/** Holdings entered before any market data arrived (docs/product.md#holdings-and-value: value null). */
export type BareRecord = Holdings & { value: null };

/** A watched coin: loaded, bare, or null when its data has not been loaded yet. */
export type WishlistEntity = LoadedCoin | BareRecord | null;

/** Market data is there: the row can show a price, a name, a series. */
export const isLoadedCoin = (entity: WishlistEntity): entity is LoadedCoin =>
  entity !== null && 'id' in entity;

export interface WishlistState {
  ids: string[];
  /** By id; after any wishlist action an object with no prototype: read with Object.hasOwn. */
  entities: Record<string, WishlistEntity>;
}

export const emptyWishlist: WishlistState = { ids: [], entities: {} };

export { WATCHLIST_CAP };

const isFull = (state: WishlistState) => state.ids.length >= WATCHLIST_CAP;

/** Coins handed in by setCoinsData or refreshPrices, with the time of the merge (ISO). */
interface StampedCoins {
  coins: CoinMarket[];
  receivedAt: string;
}

/** Stamps the merge time in the action so the reducer stays pure. */
const withReceivedAt = (coins: CoinMarket[]) => ({
  payload: { coins, receivedAt: new Date().toISOString() } satisfies StampedCoins,
});

/** When a coin's market data was fetched (its last_updated), in epoch ms; -Infinity when unknown. */
export function dataTimeOf(coin: Pick<CoinMarket, 'last_updated'>): number {
  const time = Date.parse(coin.last_updated ?? '');
  return Number.isFinite(time) ? time : -Infinity;
}

/**
 * A watched coin as the store keeps it: the market's fields, the visitor's holdings, the
 * value and its data time, frozen (state is never written in place). Written field by
 * field rather than spread from the coin: one object of a fixed shape per coin, where a
 * spread and three added fields gave V8 a second allocation and a chain of shapes, and
 * naming the two nested objects replaces a walk over every field; the types keep the list
 * complete. Together that halved a 1,000-coin merge and made 10,000 coins scale nearly
 * linearly. Lists stay unfrozen: the only one is the 7-day series, numbers, and freezing an
 * array of numbers makes V8 box every number; nothing changes a series in place.
 */
function frozenLoadedCoin(
  coin: CoinMarket,
  holdings: string,
  lastUpdated: string | null,
): LoadedCoin {
  return Object.freeze({
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    image: coin.image,
    current_price: coin.current_price,
    market_cap: coin.market_cap,
    market_cap_rank: coin.market_cap_rank,
    fully_diluted_valuation: coin.fully_diluted_valuation,
    total_volume: coin.total_volume,
    high_24h: coin.high_24h,
    low_24h: coin.low_24h,
    price_change_24h: coin.price_change_24h,
    price_change_percentage_24h: coin.price_change_percentage_24h,
    market_cap_change_24h: coin.market_cap_change_24h,
    market_cap_change_percentage_24h: coin.market_cap_change_percentage_24h,
    circulating_supply: coin.circulating_supply,
    total_supply: coin.total_supply,
    max_supply: coin.max_supply,
    ath: coin.ath,
    ath_change_percentage: coin.ath_change_percentage,
    ath_date: coin.ath_date,
    atl: coin.atl,
    atl_change_percentage: coin.atl_change_percentage,
    atl_date: coin.atl_date,
    roi: coin.roi && Object.freeze(coin.roi),
    last_updated: lastUpdated,
    sparkline_in_7d: coin.sparkline_in_7d && Object.freeze(coin.sparkline_in_7d),
    holdings,
    value: computeValue(holdings, coin.current_price),
  });
}

/**
 * docs/product.md#states-and-transitions: keeps holdings, recomputes value, sets last_updated,
 * appends unknown ids. last_updated is `receivedAt` when given (the spec's setCoinsData and
 * refreshPrices: the time of the merge), else each coin's own, its answer's data time
 * (market answers, beyond the spec: docs/product.md#last-updated).
 *
 * Speed: protects the bench figures 'setCoinsData, 1,000 coins' and 'setCoinsData, 10,000
 * coins / 1,000 coins'. What it and frozenLoadedCoin rely on is checked without a timing in
 * wishlistSlice.test.ts ('what the merge's speed relies on'): one record shape, no walk over
 * a coin or the old table, the series kept as it came, unfetched coins kept as they were.
 *
 * Builds the next state from the one before over plain objects, in three passes: the
 * holdings of the coins already watched, then the records, then the table. One pass doing
 * all three per coin took a third longer at 10,000 coins: the coins, the old
 * and new tables and the engine's string table no longer fit the caches together, while
 * what each pass touches still does. Index loops over arrays made at their length: the
 * same passes through `map` and `forEach` lost the gain.
 *
 * The entity table is a new object filled by insertion, not a copy of the old one
 * overwritten: past about 1,000 keys V8 keeps an object as a hash table, and copying one
 * (spread, Object.assign) goes key by key through a slow path, 9 ms of a 10,000-coin merge
 * against 1.4 ms for the insertions. A null prototype makes it a hash table
 * from the start, with no inherited keys a coin id could meet. Watched coins the answer
 * does not bring are copied from `ids`, which names every entity (every reducer keeps the
 * two in step).
 */
function mergeCoins(
  before: WishlistState,
  coins: CoinMarket[],
  receivedAt: string | null,
): WishlistState {
  if (coins.length === 0) return before;
  const count = coins.length;
  // The holdings of each coin already watched; undefined for a coin new to the list.
  const kept = new Array<string | undefined>(count);
  for (let index = 0; index < count; index += 1) {
    const id = coins[index]?.id ?? '';
    kept[index] = Object.hasOwn(before.entities, id)
      ? (before.entities[id]?.holdings ?? '0')
      : undefined;
  }
  const records = new Array<LoadedCoin>(count);
  for (let index = 0; index < count; index += 1) {
    const coin = coins[index];
    if (coin) {
      records[index] = frozenLoadedCoin(coin, kept[index] ?? '0', receivedAt ?? coin.last_updated);
    }
  }
  const entities: Record<string, WishlistEntity> = Object.create(null) as Record<
    string,
    WishlistEntity
  >;
  const added: string[] = [];
  let refreshed = 0;
  for (let index = 0; index < count; index += 1) {
    const record = records[index];
    if (!record) continue; // a hole in the array: no coin, no '' entry
    const id = record.id;
    const firstInAnswer = !Object.hasOwn(entities, id); // twice in one: the later wins
    entities[id] = record;
    if (firstInAnswer && kept[index] !== undefined) refreshed += 1;
    else if (firstInAnswer) added.push(id);
  }
  // Watched coins this answer did not bring keep their records.
  if (refreshed < before.ids.length) {
    for (const id of before.ids)
      if (!Object.hasOwn(entities, id)) entities[id] = before.entities[id] ?? null;
  }
  const next: WishlistState = {
    ids: added.length ? [...before.ids, ...added] : before.ids,
    entities,
  };
  // Frozen like each record: a write in place would throw instead of going unseen.
  Object.freeze(next.ids);
  Object.freeze(entities);
  return Object.freeze(next);
}

/** An empty entity table with no prototype, like the merge's (a coin id never meets an inherited key). */
const noEntities = () => Object.create(null) as WishlistState['entities'];

/** The entity table with `changes` applied, as a new object with no prototype. */
function withEntities(
  entities: WishlistState['entities'],
  changes: Record<string, WishlistEntity>,
): WishlistState['entities'] {
  return Object.assign(noEntities(), entities, changes);
}

/** The entity table without `id`, as a new object with no prototype. */
function withoutEntity(entities: WishlistState['entities'], id: string) {
  const next = withEntities(entities, {});
  delete next[id];
  return next;
}

export const addId = createAction<string>('wishlist/addId');
export const removeId = createAction<string>('wishlist/removeId');
export const setCoinsData = createAction('wishlist/setCoinsData', withReceivedAt);
export const updateHoldings = createAction<{ id: string; holdings: string }>(
  'wishlist/updateHoldings',
);
/** The same merge as setCoinsData (docs/product.md#states-and-transitions). */
export const refreshPrices = createAction('wishlist/refreshPrices', withReceivedAt);
export const replaceWholeState = createAction<WishlistState>('wishlist/replaceWholeState');
/**
 * The list shown becomes the one the wallet's sync decided: the wallet's (the server's with
 * this browser's unsent changes on top) or, when the sign-in ends, the browser's own. Not
 * the visitor's edit: nothing of it is sent to the server (docs/architecture.md#the-wallets-
 * watchlist-in-the-page).
 */
export const syncedListShown = createAction<WishlistState>('wishlist/syncedListShown');

/** A token removed moments ago, as it was: where it stood in the list and its record. */
export interface RemovedEntry {
  id: string;
  index: number;
  entity: WishlistEntity;
}

/**
 * Puts back a token removed moments ago, in its place and with its holdings: the Undo of
 * a row's Remove and a token checked again in the Add Token dialog. Beyond the spec (whose
 * addId starts an empty entity) on purpose, so that no single click loses holdings
 * (beyond the spec, docs/product.md). Nothing happens when the id is back already or the list is full.
 */
export const entryRestored = createAction<RemovedEntry>('wishlist/entryRestored');

/** The entry `removeId(id)` would drop, to restore it later; null when `id` is not watched. */
export function removedEntryOf(state: WishlistState, id: string): RemovedEntry | null {
  if (!Object.hasOwn(state.entities, id)) return null;
  return { id, index: state.ids.indexOf(id), entity: state.entities[id] ?? null };
}

/** `entity` with these holdings: a loaded coin keeps its market data and gets its value anew. */
function withHoldings(entity: WishlistEntity, holdings: string): LoadedCoin | BareRecord {
  if (entity === null || !('id' in entity)) return { holdings, value: null };
  return Object.freeze({
    ...entity,
    holdings,
    value: computeValue(holdings, entity.current_price),
  });
}

function updatedHoldings(state: WishlistState, id: string, holdings: string): WishlistState {
  const known = Object.hasOwn(state.entities, id);
  const entity = known ? (state.entities[id] ?? null) : null;
  // An edit confirmed without a change is no change: nothing is saved or told to other tabs.
  if (entity?.holdings === holdings) return state;
  if (!known && isFull(state)) return state;
  return {
    ids: known ? state.ids : [...state.ids, id],
    entities: withEntities(state.entities, { [id]: withHoldings(entity, holdings) }),
  };
}

/** A token's holdings, as an import sets them or its Undo puts them back. */
export interface TokenHoldings {
  id: string;
  holdings: string;
}

/** What an import changes: every token it adds and every watched token's new holdings. */
export interface ImportedPayload {
  /** Tokens not watched before: appended in this order, with these holdings. */
  added: TokenHoldings[];
  /** Watched tokens whose holdings the file replaces. */
  holdingsChanged: TokenHoldings[];
}

/** What an import's Undo changes back: the state before the import, token by token. */
export interface ImportUndonePayload {
  /** The tokens the import added: removed again. */
  addedIds: string[];
  /** The holdings the import replaced, as they were. */
  holdingsBefore: TokenHoldings[];
}

/**
 * A watchlist file was imported (beyond the spec, docs/product.md#export-and-import): one
 * event for the whole file, so that it applies, and is undone, as a whole. Nothing is
 * removed. Past WATCHLIST_CAP nothing happens at all.
 */
export const imported = createAction<ImportedPayload>('wishlist/imported');
/** The Undo of `imported`: the tokens it added leave, the holdings it replaced come back. */
export const importUndone = createAction<ImportUndonePayload>('wishlist/importUndone');

/**
 * One new entity table for the whole import. A holdings change for a token removed since
 * the preview does not bring it back; an addition of a token added since sets its holdings.
 */
function importedState(state: WishlistState, payload: ImportedPayload): WishlistState {
  const newIds = new Set(
    payload.added.map(({ id }) => id).filter((id) => !Object.hasOwn(state.entities, id)),
  );
  if (newIds.size > 0 && state.ids.length + newIds.size > WATCHLIST_CAP) return state;
  const changes = noEntities();
  for (const { id, holdings } of [...payload.holdingsChanged, ...payload.added]) {
    const entity = Object.hasOwn(state.entities, id) ? (state.entities[id] ?? null) : undefined;
    if (entity === undefined && !newIds.has(id)) continue;
    if (entity?.holdings !== holdings) changes[id] = withHoldings(entity ?? null, holdings);
  }
  if (newIds.size === 0 && Object.keys(changes).length === 0) return state;
  return {
    ids: newIds.size > 0 ? [...state.ids, ...newIds] : state.ids,
    entities: withEntities(state.entities, changes),
  };
}

function importUndoneState(state: WishlistState, payload: ImportUndonePayload): WishlistState {
  const removed = new Set(payload.addedIds.filter((id) => Object.hasOwn(state.entities, id)));
  const changes = noEntities();
  for (const { id, holdings } of payload.holdingsBefore) {
    if (!Object.hasOwn(state.entities, id) || removed.has(id)) continue;
    const entity = state.entities[id] ?? null;
    if (entity?.holdings !== holdings) changes[id] = withHoldings(entity, holdings);
  }
  if (removed.size === 0 && Object.keys(changes).length === 0) return state;
  const entities = withEntities(state.entities, changes);
  for (const id of removed) delete entities[id];
  return {
    ids: removed.size > 0 ? state.ids.filter((id) => !removed.has(id)) : state.ids,
    entities,
  };
}

/**
 * The watchlist's reducer: plain functions that return the next state (docs/decisions/0021:
 * no Immer on the first paint; the merge, the one hot path, never wrote into a draft anyway).
 */
function wishlistReducer(
  state: WishlistState = emptyWishlist,
  action: UnknownAction,
): WishlistState {
  if (addId.match(action)) {
    const id = action.payload;
    if (Object.hasOwn(state.entities, id) || isFull(state)) return state;
    return { ids: [...state.ids, id], entities: withEntities(state.entities, { [id]: null }) };
  }
  if (removeId.match(action)) {
    const id = action.payload;
    if (!Object.hasOwn(state.entities, id)) return state;
    return {
      ids: state.ids.filter((watched) => watched !== id),
      entities: withoutEntity(state.entities, id),
    };
  }
  if (entryRestored.match(action)) {
    const { id, index, entity } = action.payload;
    if (Object.hasOwn(state.entities, id) || isFull(state)) return state;
    const ids = [...state.ids];
    ids.splice(Math.max(0, Math.min(index, ids.length)), 0, id);
    return { ids, entities: withEntities(state.entities, { [id]: entity }) };
  }
  // docs/product.md#states-and-transitions: when watched-token data arrives it is written to the store.
  if (setCoinsData.match(action) || refreshPrices.match(action)) {
    return mergeCoins(state, action.payload.coins, action.payload.receivedAt);
  }
  if (pricesReceived.match(action)) return mergeCoins(state, action.payload.coins, null);
  if (updateHoldings.match(action)) {
    return updatedHoldings(state, action.payload.id, action.payload.holdings);
  }
  if (imported.match(action)) return importedState(state, action.payload);
  if (importUndone.match(action)) return importUndoneState(state, action.payload);
  if (replaceWholeState.match(action) || syncedListShown.match(action)) {
    return {
      ids: [...action.payload.ids],
      entities: withEntities(action.payload.entities, {}),
    };
  }
  return state;
}

export const wishlistSlice = { reducerPath: 'wishlist', reducer: wishlistReducer } as const;
