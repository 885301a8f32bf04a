// The events the price pipeline answers and announces. Actions are events
// (`domain/eventName`); several reducers may answer one (the wishlist merges received
// coins, the status slice records how the fetch went).
import { createAction } from '@reduxjs/toolkit';
import type { CoinMarket } from '../market/types';

/** The visitor asked for fresh prices of every watched token ('Refresh Prices'). */
export const pricesRequested = createAction('wishlist/pricesRequested');

/** Ids joined the watchlist (by any action, in this tab or another): their prices are due. */
export const idsAdded = createAction<string[]>('wishlist/idsAdded');

/** A fetch of prices began. */
export const pricesFetchStarted = createAction('market/pricesFetchStarted');

export interface PricesReceivedPayload {
  /**
   * The coins that arrived (through the door), to merge into the wishlist; each one's
   * last_updated is when its answer's data was fetched (docs/product.md#last-updated).
   */
  coins: CoinMarket[];
  /** Requested ids the market does not know. */
  missingIds: string[];
  /** Ids of `coins` the gateway answered with its last known data (stale). */
  staleIds: string[];
}

/** Coins arrived, dated by their answers. */
export const pricesReceived = createAction(
  'market/pricesReceived',
  (coins: CoinMarket[], missingIds: string[] = [], staleIds: string[] = []) => ({
    payload: { coins, missingIds, staleIds } satisfies PricesReceivedPayload,
  }),
);

/**
 * An attempt of a fetch failed and will be retried: said at once, not after every retry
 * (a Retry-After can make them last a minute). error: its message, when known.
 */
export const pricesAttemptFailed = createAction<{ error: string | null }>(
  'market/pricesAttemptFailed',
);

/** A fetch of prices ended: error is the message of the first failed batch, or null. */
export const pricesFetchEnded = createAction<{ error: string | null }>('market/pricesFetchEnded');
