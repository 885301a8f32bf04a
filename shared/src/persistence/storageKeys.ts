/** localStorage key of the saved wishlist; the version changes with the saved shape. */
export const WISHLIST_STORAGE_KEY = 'token-portfolio/wishlist/v1';
/** Where a saved wishlist that could not be read is kept instead of being overwritten. */
export const UNREADABLE_STORAGE_KEY = `${WISHLIST_STORAGE_KEY}/unreadable`;
/** The spec's 'seeded v1': a cookie name cannot hold a space. */
export const SEED_COOKIE = 'seeded_v1';
