import type { UnknownAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { delay, put, select } from 'redux-saga/effects';
import { writeSavedText } from './browserStorage';
import { mergeWishlists, stampEdits } from './mergeWishlists';
import {
  parseSavedWishlist,
  savedEntryText,
  savedTextOf,
  serializeSavedWishlist,
  type SavedWishlist,
} from './savedWishlist';
import { WISHLIST_STORAGE_KEY } from './storageKeys';
import { selectWishlist } from '../wishlist/selectors';
import { replaceWholeState, type WishlistState } from '../wishlist/wishlistSlice';

/** What the persistence saga knows: the state last seen and when ids were edited here. */
export interface PersistenceTracker {
  state: WishlistState;
  edits: Record<string, number>;
  saveAllowed: boolean;
  /** Where the list is saved: the browser's own list's key, or a signed-in wallet's. */
  key: string;
  /** A change noted and not saved yet (prices saved in slices, not finished). */
  unsaved?: boolean;
}

interface FromOtherTabMeta {
  fromOtherTab: { savedText: string };
}

const otherTabMeta = (action: UnknownAction) =>
  (action as UnknownAction & { meta?: Partial<FromOtherTabMeta> }).meta?.fromOtherTab;

/**
 * After any action: when the wishlist changed, stamps this tab's edits and records the
 * state as the one to save. True when there is something new to save.
 */
export function* noteWishlistChange(tracker: PersistenceTracker, action: UnknownAction) {
  const next: WishlistState = yield select(selectWishlist);
  if (next === tracker.state) return false;
  if (!otherTabMeta(action)) stampEdits(tracker.edits, tracker.state, next, Date.now());
  tracker.state = next;
  tracker.unsaved = true;
  return true;
}

/**
 * Saves the state last noted, at once (localStorage is synchronous, so closing the page
 * right after an edit loses nothing). `action` is the one that changed it, if any.
 */
export function saveNow(tracker: PersistenceTracker, action?: UnknownAction) {
  tracker.unsaved = false;
  if (!tracker.saveAllowed) return;
  const text = serializeSavedWishlist({ ...tracker.state, edits: tracker.edits });
  // Writing back what the other tab saved would only echo it.
  if (!action || text !== otherTabMeta(action)?.savedText) writeSavedText(text, tracker.key);
}

/** Entries serialised per task by saveInSlices: a few milliseconds each at CPU 4x. */
export const SAVE_SLICE_ENTRIES = 100;

/**
 * Saves the state last noted, a slice of entries per task, each after a task boundary
 * (`delay(0)`), then writes the whole text: saving 1,000 coins (about 1.25 MB) in one go
 * is a main-thread task of its own of over 50 ms at CPU 4x. The caller cancels it when a
 * newer state must be saved, or saves at once when the page is left.
 *
 * Speed: protects 'Longest main-thread task, price update of 1,000 tokens, CPU 4x';
 * persistence.test.tsx checks that no task serialises more than SAVE_SLICE_ENTRIES entries
 * and that none of it runs in the task of the prices.
 */
export function* saveInSlices(tracker: PersistenceTracker) {
  if (!tracker.saveAllowed) return;
  const saved = { ...tracker.state, edits: { ...tracker.edits } };
  const entries: string[] = [];
  // At least one boundary, so even a short list is saved after the update is shown.
  for (let start = 0; start === 0 || start < saved.ids.length; start += SAVE_SLICE_ENTRIES) {
    yield delay(0);
    for (const id of saved.ids.slice(start, start + SAVE_SLICE_ENTRIES)) {
      entries.push(savedEntryText(id, saved.entities[id]));
    }
  }
  writeSavedText(savedTextOf(saved, entries), tracker.key);
  tracker.unsaved = false;
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

/**
 * Each time the page may be about to go: hidden (a phone may end a hidden page without
 * pagehide) or left. Whatever is still to be saved must be written then.
 */
export function pageLeaves(): EventChannel<true> {
  return eventChannel((emit) => {
    const onHidden = () => {
      if (globalThis.document.visibilityState === 'hidden') emit(true);
    };
    const onPageHide = () => emit(true);
    globalThis.document.addEventListener('visibilitychange', onHidden);
    globalThis.addEventListener('pagehide', onPageHide);
    return () => {
      globalThis.document.removeEventListener('visibilitychange', onHidden);
      globalThis.removeEventListener('pagehide', onPageHide);
    };
  });
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
