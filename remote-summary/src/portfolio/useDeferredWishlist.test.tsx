import { act } from 'react';
import { Provider } from 'react-redux';
import { addTokenOpened, updateHoldings, type WishlistRoot } from '@token-portfolio/shared';
import { ethereum, renderWithStore, watched, wishlistOf } from '@token-portfolio/shared/testing';
import { useDeferredWishlist } from './useDeferredWishlist';

/** Records what each render of a summary-like view received. */
function Summary({ seen }: { seen: WishlistRoot[] }) {
  seen.push(useDeferredWishlist());
  return null;
}

// The memoised portfolio selectors answer from their cache only for the same object.
it('gives one object per wishlist, a new one only when the wishlist changes', async () => {
  const seen: WishlistRoot[] = [];
  const { store, rerender } = renderWithStore(<Summary seen={seen} />, {
    wishlist: wishlistOf(watched(ethereum, '1')),
  });
  act(() => store.dispatch(addTokenOpened()));
  rerender(
    <Provider store={store}>
      <Summary seen={seen} />
    </Provider>,
  );
  const [first, second] = seen;
  expect(seen).toHaveLength(2);
  expect(second).toBe(first);

  await act(async () => {
    store.dispatch(updateHoldings({ id: 'ethereum', holdings: '2' }));
  });
  expect(seen.at(-1)).not.toBe(first);
  expect(seen.at(-1)?.wishlist).toBe(store.getState().wishlist);
});
