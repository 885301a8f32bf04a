import { emptyWishlist } from '../wishlist/wishlistSlice';
import {
  hasSeedCookie,
  keepUnreadableText,
  readSavedText,
  setSeedCookie,
  writeSavedText,
} from './browserStorage';
import { parseSavedWishlist, serializeSavedWishlist, type SavedWishlist } from './savedWishlist';
import { sampleWishlist } from './sampleWishlist';
import { UNREADABLE_STORAGE_KEY } from './storageKeys';

export interface InitialWishlist {
  saved: SavedWishlist;
  /** False when a saved state exists that could not be read nor kept aside. */
  saveAllowed: boolean;
}

/**
 * docs/product.md#states-and-transitions: a saved state wins; otherwise the seed cookie decides between the five
 * samples (saved at once, then the cookie set) and an empty list. Never throws.
 */
export function loadInitialWishlist(): InitialWishlist {
  const text = readSavedText();
  let saveAllowed = text !== undefined;
  if (typeof text === 'string') {
    try {
      return { saved: parseSavedWishlist(text), saveAllowed };
    } catch (error) {
      saveAllowed = keepUnreadableText(text);
      console.warn(
        `[token-portfolio] the saved wishlist could not be read (${error instanceof Error ? error.message : String(error)}); ` +
          `starting without it${saveAllowed ? `; it is kept under '${UNREADABLE_STORAGE_KEY}'` : ''}.`,
      );
    }
  }
  if (hasSeedCookie()) return { saved: { ...emptyWishlist, edits: {} }, saveAllowed };
  const saved = { ...sampleWishlist(), edits: {} };
  // The cookie records that the samples were saved: when they could not be (storage
  // blocked or full), the next visit offers them again instead of an empty list.
  if (saveAllowed && writeSavedText(serializeSavedWishlist(saved))) setSeedCookie();
  return { saved, saveAllowed };
}
