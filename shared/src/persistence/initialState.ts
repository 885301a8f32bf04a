import { emptyWishlist, type WishlistState } from '../wishlist/wishlistSlice';

/** Saved state, else the seed, else empty (SPEC section 4). Filled in by the shared-core work. */
export function loadInitialWishlist(): WishlistState {
  return emptyWishlist;
}
