import { createAppStore, type AppStore } from './createStore';
import { SHARED_API_MAJOR } from '../version';
import { rootSaga } from '../sagas/rootSaga';
import { loadInitialWishlist } from '../persistence/initialState';

/**
 * The page's one store, created on first call. Kept on globalThis under a key that names
 * the API major, so every remote and widget on the page joins the same store even when
 * loaded through separate entry points, and an incompatible major never touches it.
 */
const STORE_KEY = Symbol.for(`@token-portfolio/shared/store@${SHARED_API_MAJOR}`);

type StoreHolder = { [STORE_KEY]?: AppStore };

export function getStore(): AppStore {
  const holder = globalThis as StoreHolder;
  holder[STORE_KEY] ??= createAppStore({
    preloadedState: { wishlist: loadInitialWishlist() },
    rootSaga,
  });
  return holder[STORE_KEY];
}
