import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { wishlistSlice } from '../wishlist/wishlistSlice';
import { uiSlice } from '../ui/uiSlice';
import { pricesStatusSlice } from '../prices/pricesStatusSlice';
import { sessionSlice } from '../session/sessionSlice';
import type { WalletState } from '../wallet/walletSlice';
import type { SyncState } from '../walletWatchlist/syncSlice';

/**
 * Slices every remote needs live here; a remote's own slice (search, trending, wallet)
 * is injected when that remote first mounts.
 */
const rootReducer = combineSlices(
  wishlistSlice,
  uiSlice,
  pricesStatusSlice,
  sessionSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/**
 * Slices that live in shared but are injected later: the header injects the wallet's, the
 * saved watchlist's code the sync's (syncReducer.ts).
 */
export interface LazyLoadedSlices {
  wallet: WalletState;
  sync: SyncState;
}

/** A slice as the store takes it: its reducer and the key of its state. */
export interface SliceLike {
  reducerPath: string;
  reducer: Reducer;
}

/**
 * Adds a slice to the one reducer (idempotent): every store's, since they share it. Its state
 * appears with the next action.
 */
export function injectSharedSlice(slice: SliceLike): void {
  rootReducer.inject(slice);
}

export interface StoreOptions {
  /** State to start from (the persisted wishlist, or a test's). */
  preloadedState?: Partial<RootState>;
  /** The saga that runs for the store's lifetime (the shared root saga). */
  rootSaga?: Saga;
}

/**
 * The checks' own 'took N ms' warnings are off: whether one is printed depends on the
 * machine's load, not on the code, and tests count the warnings the product writes (a
 * storage failure is one). What the checks cost is measured below.
 */
const NO_SLOWNESS_WARNING = Number.POSITIVE_INFINITY;

/**
 * The serializability check skips the watched coins and the coin lists of actions: walking
 * 1,000 coins' 168-point series after every action made each dispatch slow in development
 * (measured in Node with 1,000 watched coins: a UI event 30 to 52 ms instead of 0.1, a
 * holdings edit 36 to 46 instead of 0.4, a merge 110 to 125 instead of 5; with these paths
 * skipped and both checks on, 0.3, 2.5 and 17 ms). Those records can only be JSON: they
 * come through the door (market/schemas.ts, the saved state's parser). The rest of every
 * action and of the state is still checked.
 */
const COIN_LISTS_UNWALKED = {
  ignoredPaths: ['wishlist.entities'],
  ignoredActionPaths: ['payload.coins', 'payload.entities'],
  warnAfter: NO_SLOWNESS_WARNING,
};

export function createAppStore({ preloadedState, rootSaga }: StoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Parameters<typeof rootReducer>[0],
    // Redux Toolkit's immutability and serializability checks are on: they run in
    // development and tests only (a production build keeps only these options), where
    // they catch a reducer writing into the state or a non-JSON value reaching the store.
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        immutableCheck: { warnAfter: NO_SLOWNESS_WARNING },
        serializableCheck: COIN_LISTS_UNWALKED,
      }).concat(sagaMiddleware),
  });
  const sagas = new Map<string, Task>();

  /** Runs a saga once per key: mounting a remote twice starts it once. */
  function injectSaga(key: string, saga: Saga): Task {
    const running = sagas.get(key);
    if (running?.isRunning()) return running;
    const task = sagaMiddleware.run(saga);
    sagas.set(key, task);
    return task;
  }

  /** Cancels every saga this store runs (an embedded widget's store going away). */
  function stopSagas(): void {
    for (const task of sagas.values()) task.cancel();
    sagas.clear();
  }

  if (rootSaga) injectSaga('root', rootSaga);
  return Object.assign(store, { injectSaga, injectSlice: injectSharedSlice, stopSagas });
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
