/**
 * The most tokens the watchlist takes by an addition (beyond it localStorage would no
 * longer hold the saved state). A list saved above it still loads whole; only new
 * additions are refused. A module of its own: the saved watchlist's code (a chunk of its
 * own) takes it without keeping the wishlist slice out of the core's single scope.
 */
export const WATCHLIST_CAP = 1_000;
