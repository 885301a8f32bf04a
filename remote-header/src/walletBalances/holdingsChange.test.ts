import { coinRecord } from '@token-portfolio/shared/testing';
import { createAppStore, type WishlistState } from '@token-portfolio/shared';
import { holdingsChange } from './holdingsChange';

const wishlist: WishlistState = {
  ids: ['ethereum', 'solana', 'usd-coin'],
  entities: {
    ethereum: {
      ...coinRecord({ id: 'ethereum', current_price: 4000 }),
      holdings: '1',
      value: 4000,
    },
    solana: { ...coinRecord({ id: 'solana', current_price: 200 }), holdings: '20', value: 4000 },
    // Watched, data not loaded yet.
    'usd-coin': null,
  },
};

describe('holdingsChange', () => {
  it('sets exact holdings, adds coins not watched, and undo restores the wishlist', () => {
    const store = createAppStore({ preloadedState: { wishlist } });
    const change = holdingsChange(store.getState().wishlist, [
      { coinId: 'ethereum', holdings: '100' },
      { coinId: 'chainlink', holdings: '1234567.123456789012345678' },
      { coinId: 'usd-coin', holdings: '2500.5' },
    ]);

    change.apply.forEach((action) => store.dispatch(action));
    const applied = store.getState().wishlist;
    expect(applied.ids).toEqual(['ethereum', 'solana', 'usd-coin', 'chainlink']);
    expect(applied.entities['ethereum']).toMatchObject({ holdings: '100', value: 400_000 });
    expect(applied.entities['chainlink']).toEqual({
      holdings: '1234567.123456789012345678',
      value: null,
    });
    expect(applied.entities['usd-coin']?.holdings).toBe('2500.5');
    expect(applied.entities['solana']).toBe(wishlist.entities['solana']);

    change.undo.forEach((action) => store.dispatch(action));
    const undone = store.getState().wishlist;
    expect(undone.ids).toEqual(wishlist.ids);
    expect(undone.entities['ethereum']).toEqual(wishlist.entities['ethereum']);
    expect(undone.entities['solana']).toBe(wishlist.entities['solana']);
    expect(undone.entities['usd-coin']?.holdings).toBe('0');
  });

  it('changes nothing for no choice', () => {
    expect(holdingsChange(wishlist, [])).toEqual({ apply: [], undo: [] });
  });
});
