import { coinRecord } from '../testing/coinRecord';
import {
  pricesAttemptFailed,
  pricesFetchEnded,
  pricesFetchStarted,
  pricesReceived,
} from './events';
import {
  pricesStatusSlice,
  selectIsMissingFromMarket,
  selectStaleSince,
  type PricesStatusState,
} from './pricesStatusSlice';
import { wishlistSlice, replaceWholeState } from '../wishlist/wishlistSlice';
import { watched, wishlistOf } from '../testing/coins';

const reduce = pricesStatusSlice.reducer;
const initial = (): PricesStatusState => reduce(undefined, { type: '@@init' });
const coin = (id: string) => coinRecord({ id, current_price: 1 });

describe('the price status', () => {
  it('goes loading, then succeeded or failed with the message', () => {
    const loading = reduce(initial(), pricesFetchStarted());
    expect(loading.watchedPrices).toEqual({ status: 'loading', error: null, retrying: false });
    expect(reduce(loading, pricesFetchEnded({ error: null })).watchedPrices.status).toBe(
      'succeeded',
    );
    expect(reduce(loading, pricesFetchEnded({ error: 'Rate limit' })).watchedPrices).toEqual({
      status: 'failed',
      error: 'Rate limit',
      retrying: false,
    });
  });

  it('says when an attempt failed and is retried, until the fetch ends', () => {
    const loading = reduce(initial(), pricesFetchStarted());
    const retrying = reduce(loading, pricesAttemptFailed({ error: '503 Service Unavailable' }));
    expect(retrying.watchedPrices).toEqual({
      status: 'loading',
      error: '503 Service Unavailable',
      retrying: true,
    });
    expect(reduce(retrying, pricesFetchEnded({ error: null })).watchedPrices).toEqual({
      status: 'succeeded',
      error: null,
      retrying: false,
    });
    // A late word of an attempt of a fetch that has ended changes nothing.
    const ended = reduce(retrying, pricesFetchEnded({ error: null }));
    expect(reduce(ended, pricesAttemptFailed({ error: null }))).toBe(ended);
  });

  it('records the ids the market answered without until it answers with them', () => {
    const missing = reduce(initial(), pricesReceived([coin('bitcoin')], ['gone-coin']));
    expect(selectIsMissingFromMarket({ pricesStatus: missing }, 'gone-coin')).toBe(true);
    const found = reduce(missing, pricesReceived([coin('gone-coin')]));
    expect(selectIsMissingFromMarket({ pricesStatus: found }, 'gone-coin')).toBe(false);
  });

  it('keeps its state when an answer or a start changes nothing (every poll would re-render)', () => {
    const missing = reduce(initial(), pricesReceived([coin('bitcoin')], ['gone-coin']));
    expect(reduce(missing, pricesReceived([coin('bitcoin')], ['gone-coin']))).toBe(missing);
    const loading = reduce(missing, pricesFetchStarted());
    expect(reduce(loading, pricesFetchStarted())).toBe(loading);
  });

  it('keeps its state when every answer is fresh, before and after', () => {
    const fresh = reduce(initial(), pricesReceived([coin('bitcoin')]));
    expect(fresh).toBe(initial());
  });
});

describe('stale prices (docs/product.md#last-updated)', () => {
  const FIVE_AM = '2026-11-23T05:00:00.000Z';
  const SIX_AM = '2026-11-23T06:00:00.000Z';
  const NINE_AM = '2026-11-23T09:00:00.000Z';
  const dated = (id: string, lastUpdated: string) =>
    coinRecord({ id, current_price: 1, last_updated: lastUpdated });
  /** The wishlist and the status after these answers, as the store's two reducers make them. */
  const after = (...actions: ReturnType<typeof pricesReceived>[]) => {
    let state = { wishlist: wishlistOf('bitcoin', 'ethereum', 'solana'), pricesStatus: initial() };
    for (const action of actions) {
      state = {
        wishlist: wishlistSlice.reducer(state.wishlist, action),
        pricesStatus: reduce(state.pricesStatus, action),
      };
    }
    return state;
  };

  it('are said while shown, since the oldest of them; fresh prices end it coin by coin', () => {
    const stale = pricesReceived(
      [dated('bitcoin', SIX_AM), dated('ethereum', FIVE_AM)],
      [],
      ['bitcoin', 'ethereum'],
    );
    expect(selectStaleSince(after(stale))).toBe(Date.parse(FIVE_AM));
    const ethereumFresh = pricesReceived([dated('ethereum', NINE_AM)]);
    expect(selectStaleSince(after(stale, ethereumFresh))).toBe(Date.parse(SIX_AM));
    const allFresh = pricesReceived([dated('bitcoin', NINE_AM), dated('ethereum', NINE_AM)]);
    const state = after(stale, allFresh);
    expect(selectStaleSince(state)).toBeNull();
    expect(state.pricesStatus.staleCoins).toEqual({});
  });

  it('end when another tab brings newer data for the coin, or it is removed', () => {
    const state = after(pricesReceived([dated('bitcoin', SIX_AM)], [], ['bitcoin']));
    const newer = watched(dated('bitcoin', NINE_AM), '1');
    const merged = wishlistSlice.reducer(
      state.wishlist,
      replaceWholeState(wishlistOf(newer, 'ethereum', 'solana')),
    );
    expect(selectStaleSince({ ...state, wishlist: merged })).toBeNull();
    const removed = wishlistSlice.reducer(
      state.wishlist,
      replaceWholeState(wishlistOf('ethereum', 'solana')),
    );
    expect(selectStaleSince({ ...state, wishlist: removed })).toBeNull();
  });
});
