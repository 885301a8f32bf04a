import { createSlice, current, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { CoinMarket } from '../market/types';
import { pricesReceived, type PricesReceivedPayload } from '../prices/events';
import { computeValue } from './value';

/** The visitor's part of a watched coin: a string amount (text while being edited). */
interface Holdings {
  /** Default '0'; any string, kept verbatim (SPEC sections 3 and 5). */
  holdings: string;
  value: number | null;
}

/** A watched coin whose market data has arrived (through the door: fields valid or null). */
export type LoadedCoin = CoinMarket & Holdings;

/** Holdings entered before any market data arrived (SPEC section 3: value null). */
export type BareRecord = Holdings & { value: null };

/** A watched coin: loaded, bare, or null when its data has not been loaded yet. */
export type WishlistEntity = LoadedCoin | BareRecord | null;

/** Market data is there: the row can show a price, a name, a series. */
export const isLoadedCoin = (entity: WishlistEntity): entity is LoadedCoin =>
  entity !== null && 'id' in entity;

export interface WishlistState {
  ids: string[];
  /** By id; after a market merge an object with no prototype (mergeCoins): read with Object.hasOwn. */
  entities: Record<string, WishlistEntity>;
}

export const emptyWishlist: WishlistState = { ids: [], entities: {} };

/**
 * The most tokens the watchlist takes by an addition (beyond it localStorage would no
 * longer hold the saved state). A list saved above it still loads whole; only new
 * additions are refused.
 */
export const WATCHLIST_CAP = 1_000;

const isFull = (state: WishlistState) => state.ids.length >= WATCHLIST_CAP;

type CoinsPayload = Pick<PricesReceivedPayload, 'coins' | 'receivedAt'>;

/** Stamps the merge time in the action so the reducer stays pure. */
const withReceivedAt = (coins: CoinMarket[]) => ({
  payload: { coins, receivedAt: new Date().toISOString() },
});

/**
 * A watched coin as the store keeps it: the market's fields, the visitor's holdings, the
 * value and the merge time, frozen as Immer freezes what a reducer stores (so Immer's
 * finalisation skips it). Written field by field rather than spread from the coin: one
 * object of a fixed shape per coin, where a spread and three added fields gave V8 a second
 * allocation and a chain of shapes, and naming the two nested objects replaces a walk over
 * every field; the types keep the list complete. Together that halved a 1,000-coin merge
 * and made 10,000 coins scale nearly linearly (issue 14). Lists stay unfrozen: the only one
 * is the 7-day series, numbers, and freezing an array of numbers makes V8 box every
 * number; nothing changes a series in place.
 */
function frozenLoadedCoin(coin: CoinMarket, holdings: string, receivedAt: string): LoadedCoin {
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
    last_updated: receivedAt,
    sparkline_in_7d: coin.sparkline_in_7d && Object.freeze(coin.sparkline_in_7d),
    holdings,
    value: computeValue(holdings, coin.current_price),
  });
}

/**
 * SPEC section 4: keeps holdings, recomputes value, stamps last_updated, appends unknown ids.
 * Builds the next state from the one before in one pass over plain objects rather than
 * writing into the draft: 1,000 records written into a draft cost a proxy and a
 * finalisation walk each.
 *
 * The entity table is a new object filled by insertion, not a copy of the old one
 * overwritten: past about 1,000 keys V8 keeps an object as a hash table, and copying one
 * (spread, Object.assign) goes key by key through a slow path, 9 ms of a 10,000-coin merge
 * against 1.4 ms for the insertions (issue 14). A null prototype makes it a hash table
 * from the start, with no inherited keys a coin id could meet. Watched coins the answer
 * does not bring are copied from `ids`, which names every entity (every reducer keeps the
 * two in step).
 */
function mergeCoins(
  draft: Draft<WishlistState>,
  { coins, receivedAt }: CoinsPayload,
): WishlistState | undefined {
  if (coins.length === 0) return undefined;
  const before = current(draft);
  const entities: Record<string, WishlistEntity> = Object.create(null) as Record<
    string,
    WishlistEntity
  >;
  const added: string[] = [];
  let refreshed = 0;
  for (const coin of coins) {
    const firstInAnswer = !Object.hasOwn(entities, coin.id); // twice in one: the later wins
    entities[coin.id] = frozenLoadedCoin(
      coin,
      before.entities[coin.id]?.holdings ?? '0',
      receivedAt,
    );
    if (firstInAnswer && Object.hasOwn(before.entities, coin.id)) refreshed += 1;
    else if (firstInAnswer) added.push(coin.id);
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
  // Frozen here, whole, so that Immer neither walks 1,000 entities to find drafts nor
  // walks them again to freeze them: it stops at a frozen result.
  Object.freeze(next.ids);
  Object.freeze(entities);
  return Object.freeze(next);
}

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: emptyWishlist,
  reducers: {
    addId(state, action: PayloadAction<string>) {
      if (Object.hasOwn(state.entities, action.payload) || isFull(state)) return;
      state.ids.push(action.payload);
      state.entities[action.payload] = null;
    },
    removeId(state, action: PayloadAction<string>) {
      state.ids = state.ids.filter((id) => id !== action.payload);
      delete state.entities[action.payload];
    },
    setCoinsData: {
      reducer: (state, action: PayloadAction<CoinsPayload>) => mergeCoins(state, action.payload),
      prepare: withReceivedAt,
    },
    updateHoldings(state, action: PayloadAction<{ id: string; holdings: string }>) {
      const { id, holdings } = action.payload;
      const entity = state.entities[id] ?? null;
      if (entity !== null && 'id' in entity) {
        entity.holdings = holdings;
        entity.value = computeValue(holdings, entity.current_price);
        return;
      }
      if (!Object.hasOwn(state.entities, id)) {
        if (isFull(state)) return;
        state.ids.push(id);
      }
      state.entities[id] = { holdings, value: null };
    },
    /** The same merge as setCoinsData (SPEC section 4). */
    refreshPrices: {
      reducer: (state, action: PayloadAction<CoinsPayload>) => mergeCoins(state, action.payload),
      prepare: withReceivedAt,
    },
    replaceWholeState(_state, action: PayloadAction<WishlistState>) {
      return { ids: [...action.payload.ids], entities: { ...action.payload.entities } };
    },
  },
  // SPEC section 4: when watched-token data arrives it is written to the store.
  extraReducers: (builder) =>
    builder.addCase(pricesReceived, (state, action) => mergeCoins(state, action.payload)),
});

export const { addId, removeId, setCoinsData, updateHoldings, refreshPrices, replaceWholeState } =
  wishlistSlice.actions;
