import type { UnknownAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { put, select } from 'redux-saga/effects';
import { writeSavedText } from './browserStorage';
import { mergeWishlists, stampEdits } from './mergeWishlists';
import { parseSavedWishlist, serializeSavedWishlist, type SavedWishlist } from './savedWishlist';
import { WISHLIST_STORAGE_KEY } from './storageKeys';
import { selectWishlist } from '../wishlist/selectors';
import { replaceWholeState, type WishlistState } from '../wishlist/wishlistSlice';

/** What the persistence saga knows: the state last seen and when ids were edited here. */
export interface PersistenceTracker {
  state: WishlistState;
  edits: Record<string, number>;
  saveAllowed: boolean;
}

interface FromOtherTabMeta {
  fromOtherTab: { savedText: string };
}

const otherTabMeta = (action: UnknownAction) =>
  (action as UnknownAction & { meta?: Partial<FromOtherTabMeta> }).meta?.fromOtherTab;

/**
 * After any action: when the wishlist changed, stamp this tab's edits and save at once
 * (localStorage is synchronous, so closing the page right after an edit loses nothing).
 */
export function* saveWishlistChange(tracker: PersistenceTracker, action: UnknownAction) {
  const next: WishlistState = yield select(selectWishlist);
  if (next === tracker.state) return;
  const fromOtherTab = otherTabMeta(action);
  if (!fromOtherTab) stampEdits(tracker.edits, tracker.state, next, Date.now());
  tracker.state = next;
  if (!tracker.saveAllowed) return;
  const text = serializeSavedWishlist({ ...next, edits: tracker.edits });
  // Writing back what the other tab saved would only echo it.
  if (text !== fromOtherTab?.savedText) writeSavedText(text);
}

/** Another tab saved: merge its wishlist with ours, keeping the edits of both. */
export function* mergeOtherTab(tracker: PersistenceTracker, savedText: string) {
  let theirs: SavedWishlist;
  try {
    theirs = parseSavedWishlist(savedText);
  } catch (error) {
    console.warn('[token-portfolio] ignored an unreadable wishlist saved by another tab:', error);
    return;
  }
  const merged = mergeWishlists({ ...tracker.state, edits: tracker.edits }, theirs);
  tracker.edits = merged.edits;
  const meta: FromOtherTabMeta = { fromOtherTab: { savedText } };
  yield put({ ...replaceWholeState({ ids: merged.ids, entities: merged.entities }), meta });
}

/** The saved wishlist text each time another tab changes it. */
export function otherTabSaves(): EventChannel<string> {
  return eventChannel((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === WISHLIST_STORAGE_KEY && event.newValue !== null) emit(event.newValue);
    };
    globalThis.addEventListener('storage', onStorage);
    return () => globalThis.removeEventListener('storage', onStorage);
  });
}
