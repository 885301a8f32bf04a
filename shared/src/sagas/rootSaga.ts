import { all } from 'redux-saga/effects';

/** The shared root saga: watched prices and persistence (filled in by the shared-core work). */
export function* rootSaga() {
  yield all([]);
}
