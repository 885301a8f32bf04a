import {
  createAppStore,
  removeId,
  updateHoldings,
  type RootState,
  type WishlistState,
} from '@token-portfolio/shared';
import { coinRecord, heldCoin as held, wishlistOf } from '@token-portfolio/shared/testing';
import { selectBreakdown, selectLastUpdated, selectPortfolioTotal } from './selectors';

/** The state of a store started with this wishlist. */
const stateWith = (wishlist: WishlistState): RootState =>
  createAppStore({ preloadedState: { wishlist } }).getState();

describe('selectPortfolioTotal', () => {
  it('sums the values', () => {
    const state = stateWith(wishlistOf(held('ethereum', 2500.5), held('solana', 149.5)));
    expect(selectPortfolioTotal(state)).toBe(2650);
  });

  it('counts only finite values above zero', () => {
    const state = stateWith({
      ids: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
      entities: {
        a: held('a', 100),
        b: held('b', 0),
        c: held('c', -50),
        d: held('d', null),
        e: held('e', Number.NaN),
        f: held('f', Infinity),
        g: null,
        h: { holdings: '3', value: null },
      },
    });
    expect(selectPortfolioTotal(state)).toBe(100);
  });

  it('is 0 for an empty list', () => {
    expect(selectPortfolioTotal(stateWith({ ids: [], entities: {} }))).toBe(0);
  });

  it('ignores records whose id is not in the list', () => {
    const state = stateWith({
      ids: ['a'],
      entities: { a: held('a', 10), orphan: held('orphan', 90) },
    });
    expect(selectPortfolioTotal(state)).toBe(10);
  });

  it('follows holdings edits', () => {
    const store = createAppStore({
      preloadedState: {
        wishlist: wishlistOf(held('ethereum', 1000, { current_price: 1000 }), held('solana', 150)),
      },
    });
    store.dispatch(updateHoldings({ id: 'ethereum', holdings: '3' }));
    expect(selectPortfolioTotal(store.getState())).toBe(3150);
    store.dispatch(removeId('solana'));
    expect(selectPortfolioTotal(store.getState())).toBe(3000);
  });
});

describe('selectBreakdown', () => {
  it('gives each counted token its value and a one-decimal share, in list order', () => {
    const state = stateWith(
      wishlistOf(
        held('ethereum', 200, { name: 'Ethereum', symbol: 'eth' }),
        held('solana', 100, { name: 'Solana', symbol: 'sol' }),
        held('dogecoin', 0, { name: 'Dogecoin', symbol: 'doge' }),
      ),
    );
    expect(selectBreakdown(state)).toEqual([
      { id: 'ethereum', name: 'Ethereum', symbol: 'ETH', value: 200, percent: 66.7 },
      { id: 'solana', name: 'Solana', symbol: 'SOL', value: 100, percent: 33.3 },
    ]);
  });

  it('leaves out zero, negative, null and non-finite values and unloaded tokens', () => {
    const state = stateWith({
      ids: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      entities: {
        a: held('a', 50),
        b: held('b', 0),
        c: held('c', -5),
        d: held('d', null),
        e: held('e', Number.NaN),
        f: held('f', -Infinity),
        g: null,
      },
    });
    expect(selectBreakdown(state).map((slice) => [slice.id, slice.percent])).toEqual([['a', 100]]);
  });

  it('rounds shares to one decimal', () => {
    const state = stateWith(wishlistOf(held('a', 1), held('b', 1), held('c', 1)));
    expect(selectBreakdown(state).map((slice) => slice.percent)).toEqual([33.3, 33.3, 33.3]);
    const small = stateWith(wishlistOf(held('a', 999.4), held('b', 0.6)));
    expect(selectBreakdown(small).map((slice) => slice.percent)).toEqual([99.9, 0.1]);
  });

  it('falls back to the id for a missing name and to an empty symbol', () => {
    const state = stateWith({
      ids: ['mystery'],
      entities: {
        mystery: {
          ...coinRecord({ id: 'mystery', name: null, symbol: null }),
          holdings: '1',
          value: 5,
        },
      },
    });
    expect(selectBreakdown(state)).toEqual([
      { id: 'mystery', name: 'mystery', symbol: '', value: 5, percent: 100 },
    ]);
  });

  it('is empty when nothing counts', () => {
    expect(selectBreakdown(stateWith({ ids: [], entities: {} }))).toEqual([]);
    expect(selectBreakdown(stateWith(wishlistOf(held('a', 0), held('b', null))))).toEqual([]);
  });
});

describe('selectLastUpdated', () => {
  it('is the latest last_updated of any watched token', () => {
    const state = stateWith(
      wishlistOf(
        held('a', 1, { last_updated: '2025-10-15T10:00:00.000Z' }),
        held('b', 1, { last_updated: '2025-10-15T12:30:15.000Z' }),
        held('c', 1, { last_updated: '2025-10-14T23:59:59.000Z' }),
      ),
    );
    expect(selectLastUpdated(state)).toEqual(new Date('2025-10-15T12:30:15.000Z'));
  });

  it('skips tokens without a readable time, and ids no longer watched', () => {
    const state = stateWith({
      ids: ['a', 'b', 'c', 'd'],
      entities: {
        a: held('a', 1, { last_updated: '2025-10-15T10:00:00.000Z' }),
        b: held('b', 1, { last_updated: null }),
        c: held('c', 1, { last_updated: 'not a date' }),
        d: null,
        gone: held('gone', 1, { last_updated: '2030-01-01T00:00:00.000Z' }),
      },
    });
    expect(selectLastUpdated(state)).toEqual(new Date('2025-10-15T10:00:00.000Z'));
  });

  it('is null when no watched token has a time', () => {
    expect(selectLastUpdated(stateWith({ ids: [], entities: {} }))).toBeNull();
    expect(selectLastUpdated(stateWith({ ids: ['a'], entities: { a: null } }))).toBeNull();
  });
});
