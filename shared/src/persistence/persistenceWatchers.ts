import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, delay, fork, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { InitialWishlist } from './initialState';
import { pricesReceived } from '../prices/events';
import { selectWishlist } from '../wishlist/selectors';
import { refreshPrices, setCoinsData, type WishlistState } from '../wishlist/wishlistSlice';
import {
  mergeOtherTab,
  otherTabSaves,
  saveWishlistChange,
  type PersistenceTracker,
} from './persistenceWorkers';

function* watchOtherTabs(tracker: PersistenceTracker) {
  if (typeof globalThis.addEventListener !== 'function') return;
  const saves: EventChannel<string> = yield call(otherTabSaves);
  while (true) {
    const savedText: string = yield take(saves);
    yield call(mergeOtherTab, tracker, savedText);
  }
}

/** Market data merged into the list: nothing the visitor did, nothing lost if unsaved. */
const isMarketMerge = (action: Action): boolean =>
  pricesReceived.match(action) || setCoinsData.match(action) || refreshPrices.match(action);

/**
 * Saves every wishlist change and merges changes saved by other tabs. The visitor's
 * changes are saved at once; new prices in a task of their own, after the page has shown
 * them (writing 1,000 coins takes as long as showing them: issue 14), a later merge
 * replacing a save not made yet.
 */
export function* watchPersistence(initial: InitialWishlist) {
  const state: WishlistState = yield select(selectWishlist);
  const tracker: PersistenceTracker = {
    state,
    edits: { ...initial.saved.edits },
    saveAllowed: initial.saveAllowed,
  };
  yield fork(watchOtherTabs, tracker);
  const save = (action: UnknownAction) => saveWishlistChange(tracker, action);
  yield takeEvery((action: Action) => !isMarketMerge(action), save);
  yield takeLatest(isMarketMerge, function* saveLater(action: UnknownAction) {
    yield delay(0);
    yield call(save, action);
  });
}
