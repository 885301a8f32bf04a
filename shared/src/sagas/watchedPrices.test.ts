import { createAppStore } from '../store/createStore';
import { addId, refreshPrices, removeId } from '../wishlist/wishlistSlice';
import { selectWatchedPrices } from '../market/marketSlice';
import { CACHE_TIMES } from '../market/requestCache';
import { COIN_TABLE } from '../samples/coinTable';
import { setupFixtureMarket } from '../testing/fixtureMarket';
import { fetchPricesOnStart, watchAddedIds, watchPriceRefresh } from './pricesWatchers';

const { control } = setupFixtureMarket();
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

function storeWatching(ids: string[]) {
  const store = createAppStore({
    preloadedState: {
      wishlist: { ids, entities: Object.fromEntries(ids.map((id) => [id, null])) },
    },
  });
  store.injectSaga('refresh', watchPriceRefresh);
  store.injectSaga('added', watchAddedIds);
  return store;
}

/** The market cache's clock, moved by hand: a stale time passes without waiting for it. */
let now = 0;
const passStaleTime = () => (now += CACHE_TIMES.watchedPrices.staleMs);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  now = Date.now();
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

it('fetches 1,000 watched ids on start in 4 requests and keeps the watched order', async () => {
  const known = COIN_TABLE.map(({ id }) => id);
  const ids = [...known, ...Array.from({ length: 1000 - known.length }, (_, i) => `x-${i}`)];
  const store = storeWatching(ids);
  store.injectSaga('start', fetchPricesOnStart);
  await until(() => selectWatchedPrices(store.getState()).status === 'succeeded');

  expect(control.requests).toHaveLength(4);
  const { wishlist } = store.getState();
  expect(wishlist.ids).toEqual(ids);
  expect(wishlist.entities['bitcoin']?.current_price).toBe(111_234.56);
  expect(wishlist.entities['x-0']).toBeNull();
});

it('sends one request for refreshes inside the 1 s stale time, and refetches after it', async () => {
  const store = storeWatching(['ethereum', 'solana']);
  store.dispatch(refreshPrices());
  store.dispatch(refreshPrices());
  await until(() => selectWatchedPrices(store.getState()).status === 'succeeded');
  store.dispatch(refreshPrices());
  expect(selectWatchedPrices(store.getState()).status).toBe('loading');
  await until(() => selectWatchedPrices(store.getState()).status === 'succeeded');
  expect(control.requests).toHaveLength(1);

  passStaleTime();
  store.dispatch(refreshPrices());
  await until(() => control.requests.length === 2);
});

it('keeps the last prices and records the error when a refresh fails; the next one recovers', async () => {
  const store = storeWatching(['ethereum']);
  store.dispatch(refreshPrices());
  await until(() => selectWatchedPrices(store.getState()).status === 'succeeded');
  const before = store.getState().wishlist.entities['ethereum'];

  passStaleTime();
  control.setMode({ mode: '429', retryAfter: 0, times: 4 });
  store.dispatch(refreshPrices());
  await until(() => selectWatchedPrices(store.getState()).status === 'failed');
  expect(selectWatchedPrices(store.getState()).error).toMatch(/^429 /);
  expect(store.getState().wishlist.entities['ethereum']).toBe(before);

  store.dispatch(refreshPrices());
  await until(() => selectWatchedPrices(store.getState()).status === 'succeeded');
  expect(selectWatchedPrices(store.getState()).error).toBeNull();
});

it('fetches added ids once per burst, and does not bring back an id removed meanwhile', async () => {
  const store = storeWatching([]);
  store.dispatch(addId('solana'));
  store.dispatch(addId('dogecoin'));
  store.dispatch(addId('ripple'));
  store.dispatch(removeId('ripple'));
  await until(() => selectWatchedPrices(store.getState()).status === 'succeeded');
  expect(control.requests).toHaveLength(1);
  expect(control.requests[0]?.query['ids']).toBe('solana,dogecoin');
  expect(store.getState().wishlist.ids).toEqual(['solana', 'dogecoin']);
  expect(store.getState().wishlist.entities['dogecoin']?.current_price).toBe(0.2012);
});
