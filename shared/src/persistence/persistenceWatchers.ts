import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, race, select, take } from 'redux-saga/effects';
import type { InitialWishlist } from './initialState';
import { pricesReceived } from '../prices/events';
import { selectWishlist } from '../wishlist/selectors';
import { refreshPrices, setCoinsData, type WishlistState } from '../wishlist/wishlistSlice';
import {
  mergeOtherTab,
  noteWishlistChange,
  otherTabSaves,
  pageLeaves,
  saveInSlices,
  saveNow,
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
 * changes (and other tabs') are saved at once; new prices in slices, in tasks after the
 * one that shows them (saveInSlices says which bench figure that protects). A newer change cancels a save not finished yet and saves
 * itself (the whole state); one still unfinished when the page is hidden or left is
 * written at once then.
 */
export function* watchPersistence(initial: InitialWishlist) {
  const state: WishlistState = yield select(selectWishlist);
  const tracker: PersistenceTracker = {
    state,
    edits: { ...initial.saved.edits },
    saveAllowed: initial.saveAllowed,
  };
  yield fork(watchOtherTabs, tracker);
  const leaves: EventChannel<true> | null =
    typeof globalThis.document?.addEventListener === 'function' ? yield call(pageLeaves) : null;
  let unfinished: Task | null = null;
  while (true) {
    const { action }: { action?: UnknownAction } = yield race({
      action: take('*'),
      ...(leaves && { leaving: take(leaves) }),
    });
    if (action) {
      const changed: boolean = yield call(noteWishlistChange, tracker, action);
      if (!changed) continue;
    } else if (!unfinished?.isRunning()) {
      continue; // the page is going, and everything is saved
    }
    if (unfinished) yield cancel(unfinished);
    unfinished = null;
    if (action && isMarketMerge(action)) {
      const task: Task = yield fork(saveInSlices, tracker);
      unfinished = task;
    } else {
      saveNow(tracker, action);
    }
  }
}
