import { createAppStore } from '../store/createStore';
import {
  addId,
  imported,
  importUndone,
  removeId,
  replaceWholeState,
} from '../wishlist/wishlistSlice';
import { COIN_TABLE } from '../samples/coinTable';
import { setupFixtureMarket } from '../testing/fixtureMarket';
import { pricesRequested } from './events';
import {
  selectIsMissingFromMarket,
  selectStaleSince,
  selectWatchedPrices,
} from './pricesStatusSlice';
import { priceSaga } from './priceSaga';
import { isLoadedCoin } from '../wishlist/wishlistSlice';
import { publishBootHandoff, type EarlyMarketRequest } from '../boot/bootHandoff';
import { getMarketSettings } from '../market/settings';
import { marketsRequestUrl } from './marketsRequest';
import { ethereum, solana, watched, wishlistOf } from '../testing/coins';
import type { AnswerHeaders } from '../market/answerHeaders';

const { control, answerWith } = setupFixtureMarket();

/** Waits for the store (or the fixture log) to reach a state; the requests are real HTTP. */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

function storeWatching(ids: string[]) {
  return storeWith({ ids, entities: Object.fromEntries(ids.map((id) => [id, null])) });
}

function storeWith(wishlist: ReturnType<typeof wishlistOf>) {
  const store = createAppStore({ preloadedState: { wishlist } });
  store.injectSaga('prices', priceSaga);
  return store;
}

const status = (store: ReturnType<typeof storeWatching>) =>
  selectWatchedPrices(store.getState()).status;
const priceOf = (store: ReturnType<typeof storeWatching>, id: string) => {
  const coin = store.getState().wishlist.entities[id] ?? null;
  return isLoadedCoin(coin) ? coin.current_price : undefined;
};
const lastUpdatedOf = (store: ReturnType<typeof storeWatching>, id: string) => {
  const coin = store.getState().wishlist.entities[id] ?? null;
  return isLoadedCoin(coin) ? coin.last_updated : undefined;
};

// The request cache's 1 s stale time reads Date.now: move the clock instead of sleeping.
let now = Date.parse('2026-11-23T10:00:00Z');
const advanceClock = (ms: number) => jest.setSystemTime((now += ms));

beforeEach(() => {
  jest.useFakeTimers({
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setImmediate',
      'nextTick',
      'queueMicrotask',
      'setInterval',
      'clearInterval',
      'performance',
      'hrtime',
    ],
  });
  advanceClock(60_000);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('fetches 1,000 watched ids on start in 4 requests and keeps the watched order', async () => {
  const known = COIN_TABLE.map(({ id }) => id);
  const ids = [...known, ...Array.from({ length: 1000 - known.length }, (_, i) => `x-${i}`)];
  const store = storeWatching(ids);
  await until(() => status(store) === 'succeeded');

  expect(control.requests).toHaveLength(4);
  expect(store.getState().wishlist.ids).toEqual(ids);
  expect(priceOf(store, 'bitcoin')).toBe(111_234.56);
  expect(store.getState().wishlist.entities['x-0']).toBeNull();
  expect(selectIsMissingFromMarket(store.getState(), 'x-0')).toBe(true);
  expect(selectIsMissingFromMarket(store.getState(), 'bitcoin')).toBe(false);
});

it('paces a long list: never more than four batches in flight', async () => {
  const ids = Array.from({ length: 2500 }, (_, i) => `x-${i}`);
  const store = storeWatching([]);
  // Requests sent by the time each group's answer is merged.
  const sentAtEachMerge: number[] = [];
  let missing = store.getState().pricesStatus.missingIds;
  store.subscribe(() => {
    if (store.getState().pricesStatus.missingIds === missing) return;
    missing = store.getState().pricesStatus.missingIds;
    sentAtEachMerge.push(control.requests.length);
  });
  store.dispatch(
    replaceWholeState({ ids, entities: Object.fromEntries(ids.map((id) => [id, null])) }),
  );
  await until(() => status(store) === 'succeeded');
  expect(control.requests).toHaveLength(10);
  expect(sentAtEachMerge).toEqual([4, 8, 10]);
});

it('sends one request for refreshes inside the 1 s stale time, and refetches after it', async () => {
  const store = storeWatching(['ethereum', 'solana']);
  await until(() => status(store) === 'succeeded');
  store.dispatch(pricesRequested());
  store.dispatch(pricesRequested());
  await until(() => status(store) === 'succeeded');
  expect(control.requests).toHaveLength(1);

  advanceClock(1000);
  store.dispatch(pricesRequested());
  await until(() => control.requests.length === 2);
});

it("starts a refresh in a task after the click's, not in it", async () => {
  const store = storeWatching(['ethereum']);
  await until(() => status(store) === 'succeeded');
  advanceClock(1000);
  store.dispatch(pricesRequested());
  expect(status(store)).toBe('succeeded'); // nothing of the fetch ran in the click's task
  await until(() => control.requests.length === 1);
});

it('keeps the last prices and records the error when a refresh fails; the next one recovers', async () => {
  const store = storeWatching(['ethereum']);
  await until(() => status(store) === 'succeeded');
  const before = store.getState().wishlist.entities['ethereum'];

  advanceClock(1000);
  control.setMode({ mode: '429', retryAfter: 0, times: 4 });
  store.dispatch(pricesRequested());
  await until(() => status(store) === 'failed');
  expect(selectWatchedPrices(store.getState()).error).toMatch(/^429 /);
  expect(store.getState().wishlist.entities['ethereum']).toBe(before);

  store.dispatch(pricesRequested());
  await until(() => status(store) === 'succeeded');
  expect(selectWatchedPrices(store.getState()).error).toBeNull();
});

it('says that an attempt failed and is being retried before it retries', async () => {
  const store = storeWatching(['ethereum']);
  await until(() => status(store) === 'succeeded');
  advanceClock(1000);
  // The gateway asks for 2 s before the retry (30 s in the issue): the page says so first.
  control.setMode({ mode: '429', retryAfter: 2, times: 1 });
  store.dispatch(pricesRequested());
  await until(() => selectWatchedPrices(store.getState()).retrying);
  expect(selectWatchedPrices(store.getState())).toMatchObject({
    status: 'loading',
    error: expect.stringMatching(/^429 /),
  });
  expect(control.requests).toHaveLength(2); // the first answer and the 429: no retry yet

  for (let i = 0; i < 40 && status(store) !== 'succeeded'; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(selectWatchedPrices(store.getState())).toMatchObject({
    status: 'succeeded',
    retrying: false,
  });
});

it('fetches only the added ids, once per burst, and does not bring back an id removed meanwhile', async () => {
  const store = storeWatching(['ethereum']);
  await until(() => status(store) === 'succeeded');
  store.dispatch(addId('solana'));
  store.dispatch(addId('dogecoin'));
  store.dispatch(addId('ripple'));
  store.dispatch(removeId('ripple'));
  await until(() => control.requests.length === 2 && status(store) === 'succeeded');
  expect(control.requests[1]?.query['ids']).toBe('solana,dogecoin');
  expect(store.getState().wishlist.ids).toEqual(['ethereum', 'solana', 'dogecoin']);
  expect(priceOf(store, 'dogecoin')).toBe(0.2012);
});

it("fetches an import's new tokens in one request, keeping the file's holdings; its Undo fetches nothing", async () => {
  const store = storeWatching(['ethereum']);
  await until(() => status(store) === 'succeeded');
  store.dispatch(
    imported({
      added: [
        { id: 'solana', holdings: '20' },
        { id: 'dogecoin', holdings: '0.0000001' },
      ],
      holdingsChanged: [{ id: 'ethereum', holdings: '2' }],
    }),
  );
  await until(() => control.requests.length === 2 && status(store) === 'succeeded');
  expect(control.requests[1]?.query['ids']).toBe('solana,dogecoin');
  expect(priceOf(store, 'dogecoin')).toBe(0.2012);
  expect(store.getState().wishlist.entities['dogecoin']?.holdings).toBe('0.0000001');

  store.dispatch(
    importUndone({
      addedIds: ['solana', 'dogecoin'],
      holdingsBefore: [{ id: 'ethereum', holdings: '0' }],
    }),
  );
  expect(store.getState().wishlist.ids).toEqual(['ethereum']);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(control.requests).toHaveLength(2);
});

describe('a token selected, unselected and selected again within a second', () => {
  it('gets its price when the first answer came before the unselect', async () => {
    const store = storeWatching([]);
    store.dispatch(addId('solana'));
    await until(() => priceOf(store, 'solana') !== undefined);
    store.dispatch(removeId('solana'));
    store.dispatch(addId('solana'));
    await until(() => priceOf(store, 'solana') !== undefined);
    expect(control.requests).toHaveLength(1); // the fresh answer is reused, not asked again
  });

  it('gets its price when the first answer came while it was unselected', async () => {
    const store = storeWatching([]);
    control.setMode({ mode: 'slow', delayMs: 100 });
    store.dispatch(addId('solana'));
    await until(() => control.requests.length === 1);
    store.dispatch(removeId('solana'));
    await until(() => status(store) === 'succeeded'); // the answer arrived, unwatched
    store.dispatch(addId('solana'));
    await until(() => priceOf(store, 'solana') !== undefined);
  });
});

describe("the boot script's early request", () => {
  const ids = ['ethereum', 'solana'];
  /**
   * The page's boot script sent the first request for these ids; this is its answer,
   * marked as come back once it settles, as the boot script does.
   */
  const bootAnswered = (answer: Promise<unknown>, headers?: AnswerHeaders) => {
    const request: EarlyMarketRequest = { answer, settled: false };
    // Read as the response arrives, before its body.
    if (headers)
      void answer.then(
        () => (request.headers = headers),
        () => undefined,
      );
    const settle = () => {
      request.settled = true;
    };
    answer.then(settle, settle);
    publishBootHandoff({
      config: new Promise(() => undefined),
      marketAnswers: new Map([[marketsRequestUrl(getMarketSettings().baseUrl, ids), request]]),
    });
    return answer.then(settle, settle);
  };

  it('is adopted through the door: no second request, its prices merged', async () => {
    bootAnswered(
      Promise.resolve([
        { ...ethereum, current_price: 1234.5 },
        { id: 42, name: 'Solana' }, // not a coin: stopped at the door
      ]),
    );
    const store = storeWatching(ids);
    await until(() => status(store) === 'succeeded');
    expect(control.requests).toHaveLength(0);
    expect(priceOf(store, 'ethereum')).toBe(1234.5);
    expect(priceOf(store, 'solana')).toBeUndefined();
    expect(selectIsMissingFromMarket(store.getState(), 'solana')).toBe(true);

    advanceClock(1000);
    store.dispatch(pricesRequested()); // a refresh asks the market itself
    await until(() => control.requests.length === 1);
  });

  it('is merged in the task the page starts in when it had come back: the first render shows it', async () => {
    await bootAnswered(Promise.resolve([{ ...ethereum, current_price: 1234.5 }]));
    // A timer set before the store starts fires after that task, before any later one.
    const afterTheStartingTask = new Promise((resolve) => setTimeout(resolve, 0));
    const store = storeWatching(ids);
    await afterTheStartingTask;
    expect(priceOf(store, 'ethereum')).toBe(1234.5);
  });

  it('is merged in a task after the one it arrived in when it comes later', async () => {
    let arrive: (answer: unknown) => void = () => undefined;
    bootAnswered(new Promise((resolve) => (arrive = resolve)));
    const store = storeWatching(ids);
    const mergedInItsTask = await new Promise<boolean>((resolve) => {
      setTimeout(() => {
        arrive([{ ...ethereum, current_price: 1234.5 }]);
        // Set in the answer's task, so it runs after that task, before any the sagas set.
        setTimeout(() => resolve(priceOf(store, 'ethereum') === 1234.5), 0);
      }, 0);
    });
    expect(mergedInItsTask).toBe(false);
    await until(() => priceOf(store, 'ethereum') === 1234.5);
  });

  it('is dated by its headers: a stale answer says so, with the time of its data', async () => {
    const fetchedAt = Math.floor(Date.now() / 1000) * 1000 - 3 * 3_600_000;
    await bootAnswered(Promise.resolve([ethereum, solana]), {
      lastModified: new Date(fetchedAt).toUTCString(),
      marketCache: 'stale',
    });
    const store = storeWatching(ids);
    await until(() => status(store) === 'succeeded');
    expect(control.requests).toHaveLength(0);
    expect(lastUpdatedOf(store, 'ethereum')).toBe(new Date(fetchedAt).toISOString());
    expect(selectStaleSince(store.getState())).toBe(fetchedAt);
  });

  it("from an older page's boot script, without headers, is dated when it is adopted", async () => {
    await bootAnswered(Promise.resolve([ethereum, solana]));
    const store = storeWatching(ids);
    await until(() => status(store) === 'succeeded');
    expect(lastUpdatedOf(store, 'solana')).toBe(new Date(Date.now()).toISOString());
    expect(selectStaleSince(store.getState())).toBeNull();
  });

  it('is asked again when the answer is not a list', async () => {
    bootAnswered(Promise.resolve({ error: 'maintenance' }));
    const store = storeWatching(ids);
    await until(() => status(store) === 'succeeded');
    expect(control.requests).toHaveLength(1);
    expect(priceOf(store, 'solana')).toBe(COIN_TABLE.find(({ id }) => id === 'solana')?.price);
    expect(control.requests[0]?.query['ids']).toBe('ethereum,solana');
  });

  it('is asked again when the request failed, saying so meanwhile', async () => {
    bootAnswered(Promise.reject(new Error('503')));
    const store = storeWatching(ids);
    let saidRetrying = false;
    store.subscribe(() => {
      saidRetrying ||= selectWatchedPrices(store.getState()).retrying;
    });
    await until(() => status(store) === 'succeeded');
    expect(saidRetrying).toBe(true);
    expect(selectWatchedPrices(store.getState()).retrying).toBe(false);
    expect(control.requests).toHaveLength(1);
    expect(priceOf(store, 'ethereum')).toBeDefined();
  });
});

describe("answers dated by the gateway's headers (docs/product.md#last-updated)", () => {
  /** A time the gateway's HTTP date can say exactly (whole seconds), `hours` ago. */
  const hoursAgo = (hours: number) => Math.floor(Date.now() / 1000) * 1000 - hours * 3_600_000;
  /** The headers the gateway sends with prices fetched at `fetchedAt` (server answers.ts). */
  const gatewayHeaders = (fetchedAt: number, outcome: 'hit' | 'stale') => ({
    'last-modified': new Date(fetchedAt).toUTCString(),
    'x-market-cache': outcome,
    ...(outcome === 'stale'
      ? {
          'x-market-stale': String(Math.floor((Date.now() - fetchedAt) / 1000)),
          'cache-control': 'public, max-age=0, s-maxage=5, stale-if-error=86400',
        }
      : {
          'cache-control':
            'public, max-age=0, s-maxage=45, stale-while-revalidate=60, stale-if-error=86400',
        }),
  });
  const kept = [
    { ...ethereum, current_price: 3_900 },
    { ...solana, current_price: 180 },
  ];

  it('a stale answer: its prices carry the time they were fetched and are said stale, until fresh ones come', async () => {
    const keptAt = hoursAgo(5);
    answerWith('/coins/markets', kept, gatewayHeaders(keptAt, 'stale'));
    const store = storeWatching(['ethereum', 'solana']);
    await until(() => status(store) === 'succeeded');
    expect(priceOf(store, 'ethereum')).toBe(3_900);
    expect(lastUpdatedOf(store, 'ethereum')).toBe(new Date(keptAt).toISOString());
    expect(lastUpdatedOf(store, 'solana')).toBe(new Date(keptAt).toISOString());
    expect(selectStaleSince(store.getState())).toBe(keptAt);

    const freshAt = hoursAgo(0) - 20_000;
    answerWith('/coins/markets', [ethereum, solana], gatewayHeaders(freshAt, 'hit'));
    advanceClock(1000);
    store.dispatch(pricesRequested());
    await until(() => priceOf(store, 'ethereum') === ethereum.current_price);
    expect(lastUpdatedOf(store, 'solana')).toBe(new Date(freshAt).toISOString());
    expect(selectStaleSince(store.getState())).toBeNull();
  });

  it('an answer without a usable Last-Modified (the fixture market sends none; a future date) is dated when it arrived', async () => {
    const store = storeWatching(['ethereum']);
    await until(() => status(store) === 'succeeded');
    expect(lastUpdatedOf(store, 'ethereum')).toBe(new Date(Date.now()).toISOString());

    answerWith('/coins/markets', kept, gatewayHeaders(Date.now() + 3_600_000, 'hit'));
    advanceClock(1000);
    store.dispatch(pricesRequested());
    await until(() => priceOf(store, 'ethereum') === 3_900);
    expect(lastUpdatedOf(store, 'ethereum')).toBe(new Date(Date.now()).toISOString());
  });

  it('a stale answer never replaces newer prices the page holds; the rest it brings are said stale', async () => {
    const heldAt = hoursAgo(1);
    const held = watched({ ...ethereum, last_updated: new Date(heldAt).toISOString() }, '2');
    const keptAt = hoursAgo(6);
    answerWith('/coins/markets', kept, gatewayHeaders(keptAt, 'stale'));
    const store = storeWith(wishlistOf(held, 'solana'));
    await until(() => status(store) === 'succeeded');
    expect(store.getState().wishlist.entities['ethereum']).toBe(held);
    expect(priceOf(store, 'solana')).toBe(180);
    expect(selectStaleSince(store.getState())).toBe(keptAt);
  });
});
