import { createAppStore, type AppStore } from './createStore';
import { PAGE_STORE_SYMBOL_NAME } from '../pageGlobals';
import { rootSaga } from './rootSaga';
import { loadInitialWishlist } from '../persistence/initialState';

/**
 * The page's one store, created on first call. Kept on globalThis under a key that names
 * the API major, so every remote and widget on the page joins the same store even when
 * loaded through separate entry points, and an incompatible major never touches it.
 */
const STORE_KEY = Symbol.for(PAGE_STORE_SYMBOL_NAME);

type StoreHolder = { [STORE_KEY]?: AppStore };

export function getStore(): AppStore {
  const holder = globalThis as StoreHolder;
  if (!holder[STORE_KEY]) {
    const initial = loadInitialWishlist();
    const { ids, entities } = initial.saved;
    holder[STORE_KEY] = createAppStore({
      preloadedState: { wishlist: { ids, entities } },
      rootSaga: () => rootSaga(initial),
    });
  }
  return holder[STORE_KEY];
}

export function hasPageStore(): boolean {
  return (globalThis as StoreHolder)[STORE_KEY] !== undefined;
}

/** Drops the page store (the last embedded widget that created it has gone). */
export function forgetPageStore(): void {
  delete (globalThis as StoreHolder)[STORE_KEY];
}
