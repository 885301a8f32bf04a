import { act } from 'react';
import {
  addTokenOpened,
  updateHoldings,
  useAppSelector,
  type WishlistRoot,
} from '@token-portfolio/shared';
import { ethereum, renderWithStore, watched, wishlistOf } from '@token-portfolio/shared/testing';
import { useDeferredWishlist } from './useDeferredWishlist';

/** Records what each render of a summary-like view received; re-renders on the modal too. */
function Summary({ seen }: { seen: WishlistRoot[] }) {
  useAppSelector((state) => state.ui.addTokenOpen);
  seen.push(useDeferredWishlist());
  return null;
}

// The memoised portfolio selectors answer from their cache only for the same object.
it('gives one object per wishlist, a new one only when the wishlist changes', async () => {
  const seen: WishlistRoot[] = [];
  const { store } = renderWithStore(<Summary seen={seen} />, {
    wishlist: wishlistOf(watched(ethereum, '1')),
  });
  // Another part of the state changes: the view renders again with the same wishlist.
  act(() => store.dispatch(addTokenOpened()));
  const [first, second] = seen;
  expect(seen).toHaveLength(2);
  expect(second).toBe(first);

  await act(async () => {
    store.dispatch(updateHoldings({ id: 'ethereum', holdings: '2' }));
  });
  expect(seen.at(-1)).not.toBe(first);
  expect(seen.at(-1)?.wishlist).toBe(store.getState().wishlist);
});
