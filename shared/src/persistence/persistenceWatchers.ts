import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, race, select, take } from 'redux-saga/effects';
import type { InitialWishlist } from './initialState';
import { WISHLIST_STORAGE_KEY } from './storageKeys';
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
  // Only the browser's own list: a wallet's list reaches other tabs through its copy
  // (walletWatchlist/), whose changes each tab applies itself.
  if (tracker.key !== WISHLIST_STORAGE_KEY) return;
  const saves: EventChannel<string> = yield call(otherTabSaves);
  try {
    while (true) {
      const savedText: string = yield take(saves);
      yield call(mergeOtherTab, tracker, savedText);
    }
  } finally {
    saves.close();
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
 * written at once then, or when the saga is cancelled (the list shown changes owner at a
 * sign-in). Saved under `key`: the browser's own list, or a signed-in wallet's.
 */
export function* watchPersistence(initial: InitialWishlist, key = WISHLIST_STORAGE_KEY) {
  const state: WishlistState = yield select(selectWishlist);
  const tracker: PersistenceTracker = {
    state,
    edits: { ...initial.saved.edits },
    saveAllowed: initial.saveAllowed,
    key,
  };
  yield fork(watchOtherTabs, tracker);
  const leaves: EventChannel<true> | null =
    typeof globalThis.document?.addEventListener === 'function' ? yield call(pageLeaves) : null;
  let unfinished: Task | null = null;
  try {
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
  } finally {
    leaves?.close();
    // Cancelled (the list shown changes owner) with prices not saved yet: saved now.
    if (tracker.unsaved) saveNow(tracker);
  }
}
