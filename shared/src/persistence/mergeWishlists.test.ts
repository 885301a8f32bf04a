import { pricesReceived } from '../prices/events';
import { coinRecord } from '../testing/coinRecord';
import { wishlistSlice, type LoadedCoin } from '../wishlist/wishlistSlice';
import { mergeWishlists, stampEdits } from './mergeWishlists';
import type { SavedWishlist } from './savedWishlist';

const coin = (id: string, holdings: string, price: number, updated: string): LoadedCoin => ({
  ...coinRecord({ id }),
  name: id,
  current_price: price,
  last_updated: updated,
  holdings,
  value: Number(holdings) * price,
});

const OCT_15 = '2025-10-15T12:00:00.000Z';
const OCT_16 = '2025-10-16T12:00:00.000Z';

/** Both tabs started from this state, saved at time 1. */
const base = (): SavedWishlist => ({
  ids: ['ethereum', 'solana', 'dogecoin'],
  entities: {
    ethereum: coin('ethereum', '1', 4000, OCT_15),
    solana: coin('solana', '20', 200, OCT_15),
    dogecoin: coin('dogecoin', '10000', 0.2, OCT_15),
  },
  edits: { ethereum: 1, solana: 1, dogecoin: 1 },
});

const holdingsOf = (saved: SavedWishlist) =>
  Object.fromEntries(saved.ids.map((id) => [id, saved.entities[id]?.holdings]));

describe('mergeWishlists', () => {
  it('keeps both tabs’ edits to different tokens, whichever side merges', () => {
    const a = base();
    a.entities['ethereum'] = coin('ethereum', '5', 4000, OCT_15);
    a.edits['ethereum'] = 10;
    const b = base();
    b.entities['solana'] = coin('solana', '99', 200, OCT_15);
    b.edits['solana'] = 11;

    const expected = { ethereum: '5', solana: '99', dogecoin: '10000' };
    expect(holdingsOf(mergeWishlists(a, b))).toEqual(expected);
    expect(holdingsOf(mergeWishlists(b, a))).toEqual(expected);
    expect(mergeWishlists(a, b).edits).toEqual({ ethereum: 10, solana: 11, dogecoin: 1 });
  });

  it('lets the later edit to the same token win, with the value recomputed', () => {
    const a = base();
    a.entities['solana'] = coin('solana', '1', 200, OCT_15);
    a.edits['solana'] = 10;
    const b = base();
    b.entities['solana'] = coin('solana', '2', 200, OCT_15);
    b.edits['solana'] = 20;

    for (const merged of [mergeWishlists(a, b), mergeWishlists(b, a)]) {
      expect(merged.entities['solana']).toMatchObject({ holdings: '2', value: 400 });
    }
  });

  it('keeps a token another tab added and drops one another tab removed', () => {
    const local = base();
    const remote = base();
    remote.ids = ['ethereum', 'dogecoin', 'ripple'];
    delete remote.entities['solana'];
    remote.entities['ripple'] = null;
    remote.edits['solana'] = 5;
    remote.edits['ripple'] = 5;

    const merged = mergeWishlists(local, remote);
    expect(merged.ids).toEqual(['ethereum', 'dogecoin', 'ripple']);
    expect(merged.entities['ripple']).toBeNull();
    expect('solana' in merged.entities).toBe(false);
  });

  it('brings back a removed token re-added later in this tab', () => {
    const local = base();
    local.edits['solana'] = 9;
    const remote = base();
    remote.ids = ['ethereum', 'dogecoin'];
    delete remote.entities['solana'];
    remote.edits['solana'] = 5;

    const merged = mergeWishlists(local, remote);
    expect(merged.ids).toContain('solana');
    expect(merged.entities['solana']?.holdings).toBe('20');
  });

  it('takes the newer market data while keeping the winning holdings', () => {
    const local = base();
    local.entities['ethereum'] = coin('ethereum', '3', 4000, OCT_15);
    local.edits['ethereum'] = 10;
    const remote = base();
    remote.entities['ethereum'] = coin('ethereum', '1', 4500, OCT_16);

    const merged = mergeWishlists(local, remote);
    expect(merged.entities['ethereum']).toMatchObject({
      holdings: '3',
      current_price: 4500,
      last_updated: OCT_16,
      value: 13500,
    });
  });

  it("compares the data's own times: a stale answer merged later loses to the other tab's fresher one", () => {
    const answered = (price: number, fetchedAt: string, stale: boolean) => {
      const coins = [
        { ...coinRecord({ id: 'ethereum' }), current_price: price, last_updated: fetchedAt },
      ];
      const action = pricesReceived(coins, [], stale ? ['ethereum'] : []);
      return { ...base(), ...wishlistSlice.reducer(base(), action) };
    };
    // This tab's answer came at 10:00 with data of 10:00; the other tab's came later, at
    // 10:05, with the gateway's last known data, of 9:00.
    const fresh = answered(4100, '2025-10-16T10:00:00.000Z', false);
    const stale = answered(3900, '2025-10-16T09:00:00.000Z', true);
    for (const merged of [mergeWishlists(fresh, stale), mergeWishlists(stale, fresh)]) {
      expect(merged.entities['ethereum']).toMatchObject({ current_price: 4100, holdings: '1' });
    }
  });

  it('gives the same state for the same saved state', () => {
    expect(mergeWishlists(base(), base())).toEqual(base());
  });
});

describe('stampEdits', () => {
  it('marks added, removed and re-weighed ids, and nothing else', () => {
    const before = base();
    const after = base();
    after.ids = ['ethereum', 'dogecoin', 'ripple'];
    after.entities['ripple'] = null;
    after.entities['dogecoin'] = coin('dogecoin', '1', 0.2, OCT_15);
    const edits: Record<string, number> = { ethereum: 1 };

    stampEdits(edits, before, after, 42);
    expect(edits).toEqual({ ethereum: 1, solana: 42, dogecoin: 42, ripple: 42 });
  });

  it('does not mark new prices alone as an edit', () => {
    const after = base();
    after.entities['ethereum'] = coin('ethereum', '1', 5000, OCT_16);
    const edits: Record<string, number> = {};
    stampEdits(edits, base(), after, 42);
    expect(edits).toEqual({});
  });
});
