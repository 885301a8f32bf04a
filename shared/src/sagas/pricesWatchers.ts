import type { Action } from 'redux';
import { call, debounce, put, select, take, takeEvery } from 'redux-saga/effects';
import { watchedIdsAdded } from '../market/marketSlice';
import { selectWatchedIds } from '../wishlist/selectors';
import { refreshPrices } from '../wishlist/wishlistSlice';
import { fetchWatchedPrices } from './pricesWorkers';

/** refreshPrices() without coins is the 'Refresh Prices' request. */
const isRefreshRequest = (action: Action): boolean =>
  refreshPrices.match(action) && action.payload.coins.length === 0;

export function* watchPriceRefresh() {
  yield takeEvery(isRefreshRequest, fetchWatchedPrices);
}

/**
 * Any action that adds ids (addId, updateHoldings, another tab's change) announces them;
 * a burst of additions (several toggles in the modal) costs one fetch.
 */
export function* watchAddedIds() {
  yield debounce(50, watchedIdsAdded.type, fetchWatchedPrices);
  let known = new Set<string>(yield select(selectWatchedIds));
  while (true) {
    yield take('*');
    const ids: string[] = yield select(selectWatchedIds);
    const added = ids.filter((id) => !known.has(id));
    known = new Set(ids);
    if (added.length > 0) yield put(watchedIdsAdded(added));
  }
}

/** Prices on start. */
export function* fetchPricesOnStart() {
  yield call(fetchWatchedPrices);
}
