import { parseSavedWishlist, serializeSavedWishlist } from '../persistence/savedWishlist';
import type { WishlistState } from '../wishlist/wishlistSlice';

/** A wishlist as the next visit reads it: saved as text, then parsed through the door. */
export const savedAndLoaded = (wishlist: WishlistState): WishlistState =>
  parseSavedWishlist(serializeSavedWishlist({ ...wishlist, edits: {} }));
