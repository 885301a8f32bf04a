import { createAppStore, type RootState } from '../store/createStore';
import { selectCoinById, selectWatchedIds, selectWishlist } from './selectors';
import { heldCoin as held } from '../testing/coins';
import type { WishlistState } from './wishlistSlice';

/** The state of a store started with this wishlist. */
const stateWith = (wishlist: WishlistState): RootState =>
  createAppStore({ preloadedState: { wishlist } }).getState();

describe('plain selectors', () => {
  it('give the wishlist, its ids and one record by id', () => {
    const wishlist: WishlistState = {
      ids: ['ethereum', 'solana'],
      entities: { ethereum: held('ethereum', 10), solana: null },
    };
    const state = stateWith(wishlist);
    expect(selectWishlist(state)).toEqual(wishlist);
    expect(selectWatchedIds(state)).toEqual(['ethereum', 'solana']);
    expect(selectCoinById(state, 'ethereum')).toMatchObject({ id: 'ethereum', value: 10 });
    expect(selectCoinById(state, 'solana')).toBeNull();
    expect(selectCoinById(state, 'bitcoin')).toBeNull();
  });
});
