import { coinRecord } from '../testing/coinRecord';
import { pricesFetchEnded, pricesFetchStarted, pricesReceived } from './events';
import { marketSlice, selectIsMissingFromMarket, type MarketState } from './pricesStatusSlice';

const reduce = marketSlice.reducer;
const initial = (): MarketState => reduce(undefined, { type: '@@init' });
const coin = (id: string) => coinRecord({ id, current_price: 1 });

describe('the price status', () => {
  it('goes loading, then succeeded or failed with the message', () => {
    const loading = reduce(initial(), pricesFetchStarted());
    expect(loading.watchedPrices).toEqual({ status: 'loading', error: null });
    expect(reduce(loading, pricesFetchEnded({ error: null })).watchedPrices.status).toBe(
      'succeeded',
    );
    expect(reduce(loading, pricesFetchEnded({ error: 'Rate limit' })).watchedPrices).toEqual({
      status: 'failed',
      error: 'Rate limit',
    });
  });

  it('records the ids the market answered without until it answers with them', () => {
    const missing = reduce(initial(), pricesReceived([coin('bitcoin')], ['gone-coin']));
    expect(selectIsMissingFromMarket({ market: missing }, 'gone-coin')).toBe(true);
    const found = reduce(missing, pricesReceived([coin('gone-coin')]));
    expect(selectIsMissingFromMarket({ market: found }, 'gone-coin')).toBe(false);
  });

  it('keeps its state when an answer or a start changes nothing (every poll would re-render)', () => {
    const missing = reduce(initial(), pricesReceived([coin('bitcoin')], ['gone-coin']));
    expect(reduce(missing, pricesReceived([coin('bitcoin')], ['gone-coin']))).toBe(missing);
    const loading = reduce(missing, pricesFetchStarted());
    expect(reduce(loading, pricesFetchStarted())).toBe(loading);
  });
});
