import { WATCHLIST_CAP, createAppStore, type WishlistState } from '@token-portfolio/shared';
import { ethereum, manyTokens, solana, watched, wishlistOf } from '@token-portfolio/shared/testing';
import { canApply, importActions, importPlan } from './importPlan';
import { importedMessage, overCapMessage } from './messages';
import type { FileToken } from './watchlistFile';

const token = (id: string, holdings: string, name = '', symbol = ''): FileToken => ({
  id,
  symbol,
  name,
  holdings,
});

/** Ethereum held 1.5, Solana 20, bitcoin watched with no data yet. */
const wishlist = (): WishlistState =>
  wishlistOf(watched(ethereum, '1.5'), watched(solana, '20'), 'bitcoin');

const file = [
  token('ethereum', '2', 'Ether (renamed in the file)', 'eth'),
  token('solana', '20.00'),
  token('bitcoin', '0.5', 'Bitcoin', 'btc'),
  token('dogecoin', '10000', "'=Dogecoin", 'doge'),
  token('usd-coin', '0'),
];

describe('importPlan', () => {
  it('sorts the file into tokens to add, holdings to change and tokens unchanged', () => {
    const plan = importPlan(wishlist(), file);
    expect(plan.added).toEqual([
      { id: 'dogecoin', label: '=Dogecoin (DOGE)', holdings: '10000' },
      { id: 'usd-coin', label: 'usd-coin', holdings: '0' },
    ]);
    expect(plan.changed).toEqual([
      { id: 'ethereum', label: 'Ethereum (ETH)', holdings: '2', before: '1.5' },
      { id: 'bitcoin', label: 'Bitcoin (BTC)', holdings: '0.5', before: '0' },
    ]);
    // 20.00 is the 20 held: the same amount is no change.
    expect(plan.unchanged).toEqual([
      { id: 'solana', label: 'Solana (SOL)', holdings: '20.00', before: '20' },
    ]);
    expect(plan.room).toBe(WATCHLIST_CAP - 3);
    expect(canApply(plan)).toBe(true);
  });

  it('cannot apply a file that changes nothing', () => {
    const plan = importPlan(wishlist(), [token('ethereum', '1.50'), token('solana', '20')]);
    expect(canApply(plan)).toBe(false);
    expect(canApply(importPlan(wishlist(), []))).toBe(false);
  });

  it('refuses a file that adds more tokens than fit, and says how many fit', () => {
    const nearlyFull = manyTokens(WATCHLIST_CAP - 1);
    const plan = importPlan(nearlyFull, [token('a', '1'), token('b', '1'), token('token-1', '5')]);
    expect(plan.room).toBe(1);
    expect(canApply(plan)).toBe(false);
    expect(overCapMessage(plan)).toBe(
      'This file would add 2 tokens, but only 1 more token fits in the watchlist (1,000 at most). Nothing was imported: remove tokens from the watchlist or lines from the file, then import it again.',
    );
    expect(overCapMessage({ ...plan, room: 3, added: plan.added.concat(plan.added) })).toContain(
      'would add 4 tokens, but only 3 more tokens fit',
    );
    const full = importPlan(manyTokens(WATCHLIST_CAP), [token('a', '1')]);
    expect(overCapMessage(full)).toContain(
      'would add 1 token, but the watchlist is full (1,000 tokens).',
    );
    // A file that adds nothing changes holdings even in a full list.
    expect(canApply(importPlan(manyTokens(WATCHLIST_CAP), [token('token-1', '5')]))).toBe(true);
  });

  it('says what was imported', () => {
    const plan = importPlan(wishlist(), file);
    expect(importedMessage(plan)).toBe('Imported: 2 tokens added, holdings set for 2 tokens.');
    expect(importedMessage({ ...plan, changed: [] })).toBe('Imported: 2 tokens added.');
    expect(importedMessage({ ...plan, added: [], changed: plan.changed.slice(1) })).toBe(
      'Imported: holdings set for 1 token.',
    );
  });
});

describe('importActions', () => {
  it('applies the plan as one action, and its Undo as one, back to the state before', () => {
    const store = createAppStore({ preloadedState: { wishlist: wishlist() } });
    const before = store.getState().wishlist;
    const { apply, undo } = importActions(importPlan(before, file));
    expect(apply).toEqual({
      type: 'wishlist/imported',
      payload: {
        added: [
          { id: 'dogecoin', holdings: '10000' },
          { id: 'usd-coin', holdings: '0' },
        ],
        holdingsChanged: [
          { id: 'ethereum', holdings: '2' },
          { id: 'bitcoin', holdings: '0.5' },
        ],
      },
    });
    expect(undo).toEqual({
      type: 'wishlist/importUndone',
      payload: {
        addedIds: ['dogecoin', 'usd-coin'],
        holdingsBefore: [
          { id: 'ethereum', holdings: '1.5' },
          { id: 'bitcoin', holdings: '0' },
        ],
      },
    });

    store.dispatch(apply);
    const after = store.getState().wishlist;
    expect(after.ids).toEqual(['ethereum', 'solana', 'bitcoin', 'dogecoin', 'usd-coin']);
    expect(after.entities['ethereum']).toMatchObject({ holdings: '2', value: 2 * 4000.5 });
    expect(after.entities['solana']).toBe(before.entities['solana']);

    store.dispatch(undo);
    const undone = store.getState().wishlist;
    expect(undone.ids).toEqual(before.ids);
    expect(undone.entities['ethereum']).toEqual(before.entities['ethereum']);
    expect(undone.entities['solana']).toBe(before.entities['solana']);
    // bitcoin had no data yet: it gets back its holdings, the default 0.
    expect(undone.entities['bitcoin']).toEqual({ holdings: '0', value: null });
  });
});
