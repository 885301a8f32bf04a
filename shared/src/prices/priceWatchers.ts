import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, fork, put, race, select, take, takeLeading } from 'redux-saga/effects';
import { selectWatchedIds } from '../wishlist/selectors';
import { idsAdded, pricesRequested } from './events';
import { fetchPrices } from './priceWorkers';

/** How long a burst of additions (several toggles in the modal) is gathered into one fetch. */
export const ADDED_IDS_QUIET_MS = 50;

/** Every watched token's prices. */
export function* fetchAllPrices() {
  const ids: string[] = yield select(selectWatchedIds);
  yield call(fetchPrices, ids);
}

/**
 * A refresh starts in a task after the click's own: creating the requests for 1,000
 * tokens takes about 20 ms at CPU 4x, more than the click's task need carry. Speed:
 * protects 'Longest main-thread task, price update of 1,000 tokens, CPU 4x';
 * priceSagas.test.ts checks that the fetch does not start in the click's task.
 */
function* refreshAllPrices() {
  yield delay(0);
  yield call(fetchAllPrices);
}

/** 'Refresh Prices': one fetch at a time; a click while one is out does not queue another. */
export function* watchPriceRequests() {
  yield takeLeading(pricesRequested.type, refreshAllPrices);
}

/** Announces ids that joined the watchlist, whichever action (or tab) added them. */
export function* announceAddedIds() {
  let watched: string[] = yield select(selectWatchedIds);
  let known = new Set(watched);
  while (true) {
    yield take('*');
    const ids: string[] = yield select(selectWatchedIds);
    if (ids === watched) continue;
    watched = ids;
    const added = ids.filter((id) => !known.has(id));
    known = new Set(ids);
    if (added.length > 0) yield put(idsAdded(added));
  }
}

/** Fetches added ids, and only them: a burst of additions is gathered into one fetch. */
export function* fetchAddedIds() {
  while (true) {
    const first: PayloadAction<string[]> = yield take(idsAdded.type);
    const ids = new Set(first.payload);
    while (true) {
      const { more }: { more?: PayloadAction<string[]> } = yield race({
        more: take(idsAdded.type),
        quiet: delay(ADDED_IDS_QUIET_MS),
      });
      if (!more) break;
      for (const id of more.payload) ids.add(id);
    }
    const watched: string[] = yield select(selectWatchedIds);
    yield fork(
      fetchPrices,
      watched.filter((id) => ids.has(id)),
    );
  }
}
