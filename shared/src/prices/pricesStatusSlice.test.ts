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
  type PricesStatusState,
} from './pricesStatusSlice';

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
});
