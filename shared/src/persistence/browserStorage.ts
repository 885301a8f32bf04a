import { SEED_COOKIE, UNREADABLE_STORAGE_KEY, WISHLIST_STORAGE_KEY } from './storageKeys';

// docs/product.md#errors-and-empty-states: storage and cookie failures are console warnings only, never a crash.
const warn = (what: string, error: unknown) =>
  console.warn(`[token-portfolio] ${what}:`, error instanceof Error ? error.message : error);

/**
 * The saved text (null when nothing is saved), or undefined when storage cannot be read;
 * the browser's own list unless another `key` is named (a signed-in wallet's).
 */
export function readSavedText(key = WISHLIST_STORAGE_KEY): string | null | undefined {
  try {
    return globalThis.localStorage.getItem(key);
  } catch (error) {
    warn('could not read the saved wishlist; starting without it and not saving over it', error);
    return undefined;
  }
}

let lastWriteFailed = false;

/** Saves the text; a failure (full, blocked) is warned once per run of failures. */
export function writeSavedText(text: string, key = WISHLIST_STORAGE_KEY): boolean {
  try {
    globalThis.localStorage.setItem(key, text);
    lastWriteFailed = false;
    return true;
  } catch (error) {
    if (!lastWriteFailed) warn('could not save the wishlist', error);
    lastWriteFailed = true;
    return false;
  }
}

/** Moves unreadable saved text aside so saving never destroys it; false if that failed. */
export function keepUnreadableText(text: string): boolean {
  try {
    globalThis.localStorage.setItem(UNREADABLE_STORAGE_KEY, text);
    return true;
  } catch (error) {
    warn('could not keep the unreadable saved wishlist aside; changes will not be saved', error);
    return false;
  }
}

/** Whether the seed cookie is set; blocked cookies count as absent. */
export function hasSeedCookie(): boolean {
  try {
    return globalThis.document.cookie
      .split(';')
      .some((part) => part.trim().startsWith(`${SEED_COOKIE}=`));
  } catch (error) {
    warn('could not read the seed cookie', error);
    return false;
  }
}

const TEN_YEARS_IN_SECONDS = 3650 * 24 * 60 * 60;

export function setSeedCookie(): void {
  try {
    globalThis.document.cookie = `${SEED_COOKIE}=1; max-age=${TEN_YEARS_IN_SECONDS}; path=/; SameSite=Lax`;
  } catch (error) {
    warn('could not set the seed cookie', error);
  }
}
