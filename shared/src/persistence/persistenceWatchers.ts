import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, fork, select, take, takeEvery } from 'redux-saga/effects';
import type { InitialWishlist } from './initialState';
import { selectWishlist } from '../wishlist/selectors';
import type { WishlistState } from '../wishlist/wishlistSlice';
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

/** Saves every wishlist change and merges changes saved by other tabs. */
export function* watchPersistence(initial: InitialWishlist) {
  const state: WishlistState = yield select(selectWishlist);
  const tracker: PersistenceTracker = {
    state,
    edits: { ...initial.saved.edits },
    saveAllowed: initial.saveAllowed,
  };
  yield fork(watchOtherTabs, tracker);
  yield takeEvery('*', (action: UnknownAction) => saveWishlistChange(tracker, action));
}
