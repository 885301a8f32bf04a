import { call, spawn } from 'redux-saga/effects';
import {
  announceAddedIds,
  fetchAddedIds,
  fetchAllPrices,
  watchPriceRequests,
} from './priceWatchers';

/** The price pipeline: every watched token's prices on start, refreshes, and added ids. */
export function* priceSaga() {
  yield spawn(watchPriceRequests);
  yield spawn(announceAddedIds);
  yield spawn(fetchAddedIds);
  yield call(fetchAllPrices);
}
