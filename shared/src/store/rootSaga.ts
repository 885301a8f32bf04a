import { spawn } from 'redux-saga/effects';
import type { InitialWishlist } from '../persistence/initialState';
import { watchPersistence } from '../persistence/persistenceWatchers';
import { priceSaga } from '../prices/priceSaga';

/**
 * The shared root saga: persistence and watched prices. Children are spawned, so one
 * that fails does not stop the others.
 */
export function* rootSaga(initial: InitialWishlist) {
  yield spawn(watchPersistence, initial);
  yield spawn(priceSaga);
}
