import { combineSlices, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { wishlistSlice } from '../wishlist/wishlistSlice';
import { uiSlice } from '../ui/uiSlice';
import { pricesStatusSlice } from '../prices/pricesStatusSlice';

/**
 * Slices every remote needs live here; a remote's own slice (search, trending, wallet)
 * is injected when that remote first mounts.
 */
const rootReducer = combineSlices(
  wishlistSlice,
  uiSlice,
  pricesStatusSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

// Slices injected later that live in shared (wallet) extend this interface by declaration merging.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by module augmentation
export interface LazyLoadedSlices {}

/** A slice as the store takes it: its reducer and the key of its state. */
export interface SliceLike {
  reducerPath: string;
  reducer: Reducer;
}

export interface StoreOptions {
  /** State to start from (the persisted wishlist, or a test's). */
  preloadedState?: Partial<RootState>;
  /** The saga that runs for the store's lifetime (the shared root saga). */
  rootSaga?: Saga;
}

export function createAppStore({ preloadedState, rootSaga }: StoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as Parameters<typeof rootReducer>[0],
    // Redux Toolkit's immutability and serializability checks stay on: they run in
    // development and tests only (a production build drops them), where they catch a
    // reducer writing into the state or a non-JSON value reaching the store.
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
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

  /** Adds a remote's slice to the one reducer (idempotent). */
  function injectSlice(slice: SliceLike): void {
    rootReducer.inject(slice);
  }

  /** Cancels every saga this store runs (an embedded widget's store going away). */
  function stopSagas(): void {
    for (const task of sagas.values()) task.cancel();
    sagas.clear();
  }

  if (rootSaga) injectSaga('root', rootSaga);
  return Object.assign(store, { injectSaga, injectSlice, stopSagas });
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
