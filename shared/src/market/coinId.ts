import * as v from 'valibot';

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

/**
 * A coin id as the market door accepts it (also the saved watchlist's, server side). Here,
 * not with the market's schemas: the saved watchlist's code (a chunk of its own) takes it
 * from a module that imports no other of the core's.
 */
export const coinIdSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.check((id) => !RESERVED_KEYS.has(id)),
);

/** A coin id the watchlist can take from a file: the id pattern, and not a reserved key. */
export const isCoinId = (id: string): boolean => COIN_ID_PATTERN.test(id) && !RESERVED_KEYS.has(id);
