/**
 * What a coin id looks like, in one place: the market gateway accepts only such ids in a
 * request, and an imported watchlist file only such ids (docs/product.md#export-and-import).
 * CoinGecko's ids: lowercase letters, digits, '-', '_' and '.', starting with a letter or
 * a digit, at most 100 characters.
 */
export const COIN_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** Names an object's own machinery: never a key of the wishlist's id map. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** A coin id the watchlist can take from a file: the id pattern, and not a reserved key. */
export const isCoinId = (id: string): boolean => COIN_ID_PATTERN.test(id) && !RESERVED_KEYS.has(id);
