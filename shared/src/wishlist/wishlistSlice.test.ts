import type { CoinMarket } from '../market/types';
import { pricesReceived } from '../prices/events';
import { coinRecord } from '../testing/coinRecord';
import {
  addId,
  emptyWishlist,
  entryRestored,
  imported,
  importUndone,
  refreshPrices,
  removeId,
  removedEntryOf,
  replaceWholeState,
  setCoinsData,
  updateHoldings,
  wishlistSlice,
  WATCHLIST_CAP,
  type WishlistState,
} from './wishlistSlice';

const reduce = wishlistSlice.reducer;

/** A /coins/markets record with only the fields a test cares about set. */
function coin(id: string, price: number | null, fields: Partial<CoinMarket> = {}): CoinMarket {
  return coinRecord({
    id,
    current_price: price,
    last_updated: '2025-10-01T00:00:00.000Z',
    ...fields,
  });
}

const MERGE_TIME = new Date('2025-10-15T12:34:56.000Z');

beforeEach(() => {
  jest.useFakeTimers({ now: MERGE_TIME });
});
afterEach(() => {
  jest.useRealTimers();
});

/** ethereum held 2, solana not loaded yet, dogecoin held with no price yet. */
const watched = (): WishlistState => ({
  ids: ['ethereum', 'solana', 'dogecoin'],
  entities: {
    ethereum: { ...coin('ethereum', 1000), holdings: '2', value: 2000 },
    solana: null,
    dogecoin: { holdings: '100', value: null },
  },
});

describe('initial state', () => {
  it('is an empty list', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual({ ids: [], entities: {} });
    expect(emptyWishlist).toEqual({ ids: [], entities: {} });
  });
});

describe('addId', () => {
  it('appends an absent id with a null entity', () => {
    const state = reduce(watched(), addId('ripple'));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'ripple']);
    expect(state.entities['ripple']).toBeNull();
  });

  it('does not add an id twice, nor touch its record', () => {
    const before = watched();
    const state = reduce(before, addId('ethereum'));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin']);
    expect(state.entities['ethereum']).toEqual(before.entities['ethereum']);
  });

  it('adds to an empty list', () => {
    expect(reduce(emptyWishlist, addId('bitcoin'))).toEqual({
      ids: ['bitcoin'],
      entities: { bitcoin: null },
    });
  });
});

describe('removeId', () => {
  it('drops the id and its record, keeping the order of the rest', () => {
    const state = reduce(watched(), removeId('solana'));
    expect(state.ids).toEqual(['ethereum', 'dogecoin']);
    expect('solana' in state.entities).toBe(false);

    const again = reduce(state, removeId('ethereum'));
    expect(again.ids).toEqual(['dogecoin']);
    expect('ethereum' in again.entities).toBe(false);
  });

  it('leaves the state as it was for an id that is not watched', () => {
    expect(reduce(watched(), removeId('bitcoin'))).toEqual(watched());
  });
});

describe('entryRestored (Undo of a removal)', () => {
  it('puts a removed token back in its place with its holdings and value', () => {
    const before = watched();
    const removed = removedEntryOf(before, 'ethereum');
    expect(removed).toEqual({ id: 'ethereum', index: 0, entity: before.entities['ethereum'] });
    const state = reduce(reduce(before, removeId('ethereum')), entryRestored(removed!));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin']);
    expect(state.entities['ethereum']).toMatchObject({ holdings: '2', value: 2000 });
  });

  it('keeps a bare record bare and a place past the end at the end', () => {
    const removed = removedEntryOf(watched(), 'dogecoin')!;
    const shorter = reduce(reduce(watched(), removeId('dogecoin')), removeId('solana'));
    const state = reduce(shorter, entryRestored(removed));
    expect(state.ids).toEqual(['ethereum', 'dogecoin']);
    expect(state.entities['dogecoin']).toEqual({ holdings: '100', value: null });
  });

  it('does nothing for a token that is back already', () => {
    const before = watched();
    const removed = removedEntryOf(before, 'solana')!;
    expect(reduce(before, entryRestored(removed))).toBe(before);
    expect(removedEntryOf(before, 'bitcoin')).toBeNull();
  });
});

describe('setCoinsData', () => {
  it('keeps holdings, recomputes value and stamps last_updated with the merge time', () => {
    const state = reduce(watched(), setCoinsData([coin('ethereum', 1500), coin('dogecoin', 0.2)]));
    expect(state.entities['ethereum']).toMatchObject({
      current_price: 1500,
      holdings: '2',
      value: 3000,
      last_updated: MERGE_TIME.toISOString(),
    });
    expect(state.entities['dogecoin']).toMatchObject({
      current_price: 0.2,
      holdings: '100',
      value: 20,
      last_updated: MERGE_TIME.toISOString(),
    });
  });

  it('fills a null entity with holdings "0" and value 0', () => {
    const state = reduce(watched(), setCoinsData([coin('solana', 150, { name: 'Solana' })]));
    expect(state.entities['solana']).toMatchObject({
      id: 'solana',
      name: 'Solana',
      current_price: 150,
      holdings: '0',
      value: 0,
    });
  });

  it('appends unknown ids at the end and keeps the order of the known ones', () => {
    const state = reduce(
      watched(),
      setCoinsData([coin('bitcoin', 60000), coin('dogecoin', 0.2), coin('ripple', 2)]),
    );
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'bitcoin', 'ripple']);
    expect(state.entities['bitcoin']).toMatchObject({ holdings: '0', value: 0 });
  });

  it('skips a hole in the answer instead of watching an empty id', () => {
    const coins = new Array<CoinMarket>(2);
    coins[1] = coin('ripple', 2);
    const state = reduce(watched(), setCoinsData(coins));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'ripple']);
    expect(Object.keys(state.entities).sort()).toEqual([
      'dogecoin',
      'ethereum',
      'ripple',
      'solana',
    ]);
  });

  it('leaves tokens that were not fetched as they were', () => {
    const before = watched();
    const state = reduce(before, setCoinsData([coin('dogecoin', 0.2)]));
    expect(state.entities['ethereum']).toEqual(before.entities['ethereum']);
    expect(state.entities['solana']).toBeNull();
  });

  it('takes the later record of a coin sent twice, keeping its holdings and its place', () => {
    const state = reduce(watched(), setCoinsData([coin('ethereum', 1500), coin('ethereum', 1600)]));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin']);
    expect(state.entities['ethereum']).toMatchObject({
      current_price: 1600,
      holdings: '2',
      value: 3200,
    });
  });

  it('adds a new coin sent twice in one answer once, with the later record', () => {
    const state = reduce(watched(), setCoinsData([coin('bitcoin', 1), coin('bitcoin', 2)]));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'bitcoin']);
    expect(state.entities['bitcoin']).toMatchObject({ current_price: 2, holdings: '0' });
  });

  it('sets value null when the fetched record has no price', () => {
    const state = reduce(watched(), setCoinsData([coin('ethereum', null)]));
    expect(state.entities['ethereum']).toMatchObject({ holdings: '2', value: null });
  });

  it('merges 10,000 coins into a list of 5,000 like a small merge would', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `coin-${i}`);
    const before: WishlistState = {
      ids: ids.slice(0, 5_000).reverse(),
      entities: Object.fromEntries(
        ids.slice(0, 5_000).map((id, i) => [id, i % 2 ? null : { holdings: '2', value: null }]),
      ),
    };
    const coins = ids.map((id, i) => coin(id, i + 1));
    const state = reduce(before, setCoinsData([...coins, coin('coin-7', 3)]));

    // Known ids keep their order, new ones follow in the order they came, none twice.
    expect(state.ids).toEqual([...before.ids, ...ids.slice(5_000)]);
    expect(state.entities['coin-0']).toMatchObject({ holdings: '2', value: 2 });
    expect(state.entities['coin-1']).toMatchObject({ holdings: '0', value: 0 });
    expect(state.entities['coin-7']).toMatchObject({ current_price: 3, holdings: '0' });
    expect(state.entities['coin-9999']).toMatchObject({ current_price: 10_000, value: 0 });
    expect(Object.keys(state.entities)).toHaveLength(10_000);
  });

  it('stores records that cannot be changed in place', () => {
    const fetched = coin('ethereum', 1500, { sparkline_in_7d: { price: [1400, 1500] } });
    const stored = reduce(watched(), setCoinsData([fetched])).entities['ethereum'];
    if (!stored || !('id' in stored)) throw new Error('ethereum was not merged');
    expect(() => Object.assign(stored, { holdings: '9' })).toThrow(TypeError);
    expect(() => Object.assign(stored.sparkline_in_7d ?? {}, { price: [] })).toThrow(TypeError);
    expect(stored).toMatchObject({ holdings: '2', sparkline_in_7d: { price: [1400, 1500] } });
  });

  it('replaces the market fields with the fetched ones', () => {
    const state = reduce(
      watched(),
      setCoinsData([coin('ethereum', 1500, { price_change_percentage_24h: -3.5 })]),
    );
    expect(state.entities['ethereum']).toMatchObject({ price_change_percentage_24h: -3.5 });
  });
});

describe('updateHoldings', () => {
  it('leaves the state as it is when the holdings do not change (nothing to save)', () => {
    const before = watched();
    expect(reduce(before, updateHoldings({ id: 'ethereum', holdings: '2' }))).toBe(before);
    expect(reduce(before, updateHoldings({ id: 'dogecoin', holdings: '100' }))).toBe(before);
  });

  it('sets holdings and recomputes value from the price', () => {
    const state = reduce(watched(), updateHoldings({ id: 'ethereum', holdings: '0.5' }));
    expect(state.entities['ethereum']).toMatchObject({ holdings: '0.5', value: 500 });
  });

  it('counts an empty amount as 0 and gives null for text that is not a number', () => {
    const empty = reduce(watched(), updateHoldings({ id: 'ethereum', holdings: '' }));
    expect(empty.entities['ethereum']).toMatchObject({ holdings: '', value: 0 });
    const text = reduce(watched(), updateHoldings({ id: 'ethereum', holdings: '1.2.3' }));
    expect(text.entities['ethereum']).toMatchObject({ holdings: '1.2.3', value: null });
  });

  it('keeps value null while there is no price', () => {
    const state = reduce(watched(), updateHoldings({ id: 'dogecoin', holdings: '5' }));
    expect(state.entities['dogecoin']).toEqual({ holdings: '5', value: null });
  });

  it('creates a bare record and adds the id when the token is not watched', () => {
    const state = reduce(watched(), updateHoldings({ id: 'bitcoin', holdings: '3' }));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'bitcoin']);
    expect(state.entities['bitcoin']).toEqual({ holdings: '3', value: null });
  });

  it('turns a null entity into a bare record without adding the id twice', () => {
    const state = reduce(watched(), updateHoldings({ id: 'solana', holdings: '7' }));
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin']);
    expect(state.entities['solana']).toEqual({ holdings: '7', value: null });
  });

  it('keeps the holdings of a bare record when its prices arrive', () => {
    const bare = reduce(emptyWishlist, updateHoldings({ id: 'bitcoin', holdings: '0.1' }));
    const state = reduce(bare, setCoinsData([coin('bitcoin', 60000)]));
    expect(state.entities['bitcoin']).toMatchObject({ holdings: '0.1', value: 6000 });
  });
});

describe('pricesReceived, a market answer (beyond the spec: docs/product.md#last-updated)', () => {
  it("merges as setCoinsData does, but keeps each coin's last_updated: when its answer's data was fetched", () => {
    const fetched = '2025-10-15T07:00:00.000Z';
    const coins = [coin('ethereum', 1500, { last_updated: fetched }), coin('bitcoin', 60000)];
    const state = reduce(watched(), pricesReceived(coins));
    expect(state.entities['ethereum']).toMatchObject({
      current_price: 1500,
      holdings: '2',
      value: 3000,
      last_updated: fetched,
    });
    expect(state.entities['bitcoin']).toMatchObject({ last_updated: '2025-10-01T00:00:00.000Z' });
    const { last_updated: _stamped, ...rest } = reduce(watched(), setCoinsData(coins)).entities[
      'ethereum'
    ] as CoinMarket;
    expect(state.entities['ethereum']).toMatchObject(rest);
  });
});

describe('refreshPrices', () => {
  it('merges fetched records the same way as setCoinsData', () => {
    const coins = [coin('ethereum', 1500), coin('bitcoin', 60000)];
    expect(reduce(watched(), refreshPrices(coins))).toEqual(reduce(watched(), setCoinsData(coins)));
    expect(reduce(watched(), refreshPrices(coins)).entities['ethereum']).toMatchObject({
      holdings: '2',
      value: 3000,
      last_updated: MERGE_TIME.toISOString(),
    });
  });

  it('changes nothing without coins', () => {
    expect(reduce(watched(), refreshPrices([]))).toEqual(watched());
  });
});

describe('replaceWholeState', () => {
  it('replaces the ids and entities', () => {
    const next: WishlistState = {
      ids: ['ripple', 'bitcoin'],
      entities: { ripple: { ...coin('ripple', 2), holdings: '10', value: 20 }, bitcoin: null },
    };
    const state = reduce(watched(), replaceWholeState(next));
    expect(state).toEqual(next);
    expect('ethereum' in state.entities).toBe(false);
  });

  it('can empty the list', () => {
    expect(reduce(watched(), replaceWholeState(emptyWishlist))).toEqual({ ids: [], entities: {} });
  });
});

describe('imported (a watchlist file) and importUndone', () => {
  const file = imported({
    added: [
      { id: 'ripple', holdings: '1000' },
      { id: 'bitcoin', holdings: '0.0000001' },
    ],
    holdingsChanged: [
      { id: 'ethereum', holdings: '3.5' },
      { id: 'solana', holdings: '20' },
      { id: 'dogecoin', holdings: '-1' },
    ],
  });

  it("appends the new tokens as bare records and sets the watched ones' holdings, in one state", () => {
    const state = reduce(watched(), file);
    expect(state.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'ripple', 'bitcoin']);
    expect(state.entities).toEqual({
      ethereum: { ...coin('ethereum', 1000), holdings: '3.5', value: 3500 },
      solana: { holdings: '20', value: null },
      dogecoin: { holdings: '-1', value: null },
      ripple: { holdings: '1000', value: null },
      bitcoin: { holdings: '0.0000001', value: null },
    });
  });

  it('Undo gives back the state before the import', () => {
    const before = watched();
    const after = reduce(before, file);
    const undone = reduce(
      after,
      importUndone({
        addedIds: ['ripple', 'bitcoin'],
        holdingsBefore: [
          { id: 'ethereum', holdings: '2' },
          { id: 'solana', holdings: '0' },
          { id: 'dogecoin', holdings: '100' },
        ],
      }),
    );
    expect(undone.ids).toEqual(before.ids);
    expect(undone.entities).toEqual({ ...before.entities, solana: { holdings: '0', value: null } });
  });

  it('keeps prices that arrived in between, and brings back no token removed in between', () => {
    const after = reduce(reduce(watched(), file), removeId('dogecoin'));
    const priced = reduce(after, setCoinsData([coin('ripple', 0.5), coin('ethereum', 2000)]));
    expect(priced.entities['ripple']).toMatchObject({ holdings: '1000', value: 500 });
    const undone = reduce(
      priced,
      importUndone({
        addedIds: ['ripple', 'bitcoin'],
        holdingsBefore: [
          { id: 'ethereum', holdings: '2' },
          { id: 'dogecoin', holdings: '100' },
        ],
      }),
    );
    expect(undone.ids).toEqual(['ethereum', 'solana']);
    expect(undone.entities['ethereum']).toMatchObject({
      current_price: 2000,
      holdings: '2',
      value: 4000,
    });
  });

  it('changes nothing for holdings already set or a token removed since the preview', () => {
    const state = watched();
    const same = imported({
      added: [],
      holdingsChanged: [
        { id: 'ethereum', holdings: '2' },
        { id: 'ripple', holdings: '5' },
      ],
    });
    expect(reduce(state, same)).toBe(state);
  });

  it('sets the holdings of a token another tab added since the preview, without watching it twice', () => {
    const state = reduce(watched(), addId('ripple'));
    const next = reduce(
      state,
      imported({ added: [{ id: 'ripple', holdings: '7' }], holdingsChanged: [] }),
    );
    expect(next.ids).toEqual(['ethereum', 'solana', 'dogecoin', 'ripple']);
    expect(next.entities['ripple']).toEqual({ holdings: '7', value: null });
  });

  it('writes no inherited key of the entity table', () => {
    const state = reduce(
      watched(),
      imported({ added: [{ id: '__proto__', holdings: '1' }], holdingsChanged: [] }),
    );
    expect(Object.getPrototypeOf(state.entities)).toBeNull();
    expect(Object.hasOwn(state.entities, '__proto__')).toBe(true);
  });
});

describe('the watchlist cap', () => {
  const atCap = (count: number): WishlistState => {
    const ids = Array.from({ length: count }, (_, i) => `coin-${i}`);
    return { ids, entities: Object.fromEntries(ids.map((id) => [id, null])) };
  };

  it('refuses a new id by addId or updateHoldings once the list holds WATCHLIST_CAP', () => {
    const full = atCap(WATCHLIST_CAP);
    expect(reduce(full, addId('one-more'))).toBe(full);
    expect(reduce(full, updateHoldings({ id: 'one-more', holdings: '1' }))).toBe(full);
    expect(reduce(atCap(WATCHLIST_CAP - 1), addId('last')).ids).toHaveLength(WATCHLIST_CAP);
  });

  it('refuses an import past WATCHLIST_CAP as a whole, holdings changes too', () => {
    const nearlyFull = atCap(WATCHLIST_CAP - 1);
    const twoMore = imported({
      added: [
        { id: 'one', holdings: '1' },
        { id: 'two', holdings: '2' },
      ],
      holdingsChanged: [{ id: 'coin-0', holdings: '5' }],
    });
    expect(reduce(nearlyFull, twoMore)).toBe(nearlyFull);
    const oneMore = imported({ added: [{ id: 'one', holdings: '1' }], holdingsChanged: [] });
    expect(reduce(nearlyFull, oneMore).ids).toHaveLength(WATCHLIST_CAP);
    // Above the cap already, an import that adds nothing still sets holdings.
    const over = atCap(WATCHLIST_CAP + 5);
    const holdingsOnly = imported({
      added: [],
      holdingsChanged: [{ id: 'coin-1', holdings: '3' }],
    });
    expect(reduce(over, holdingsOnly).entities['coin-1']).toEqual({ holdings: '3', value: null });
  });

  it('keeps a list saved above the cap whole, and still edits and removes in it', () => {
    const over = atCap(WATCHLIST_CAP + 5);
    const edited = reduce(over, updateHoldings({ id: 'coin-3', holdings: '2' }));
    expect(edited.ids).toHaveLength(WATCHLIST_CAP + 5);
    expect(edited.entities['coin-3']).toEqual({ holdings: '2', value: null });
    expect(reduce(over, removeId('coin-0')).ids).toHaveLength(WATCHLIST_CAP + 4);
  });
});

describe('the state before an action', () => {
  /** Frozen to the last record: a reducer that wrote into it would throw. */
  function deepFrozen<T>(value: T): T {
    if (typeof value === 'object' && value !== null) {
      for (const field of Object.values(value)) deepFrozen(field);
      Object.freeze(value);
    }
    return value;
  }

  it.each([
    ['addId', addId('ripple')],
    ['removeId', removeId('ethereum')],
    ['updateHoldings of a loaded coin', updateHoldings({ id: 'ethereum', holdings: '3' })],
    ['updateHoldings of a bare record', updateHoldings({ id: 'dogecoin', holdings: '5' })],
    ['updateHoldings of a new id', updateHoldings({ id: 'ripple', holdings: '1' })],
    ['setCoinsData', setCoinsData([coin('ethereum', 1100), coin('ripple', 0.5)])],
    ['refreshPrices', refreshPrices([coin('solana', 150)])],
    ['pricesReceived', pricesReceived([coin('solana', 150)])],
    ['replaceWholeState', replaceWholeState(watched())],
    [
      'imported',
      imported({
        added: [{ id: 'ripple', holdings: '1' }],
        holdingsChanged: [{ id: 'ethereum', holdings: '3' }],
      }),
    ],
    [
      'importUndone',
      importUndone({ addedIds: ['solana'], holdingsBefore: [{ id: 'ethereum', holdings: '1' }] }),
    ],
  ])('is left as it was by %s', (_name, action) => {
    const before = deepFrozen(watched());
    const snapshot = structuredClone(watched());
    const after = reduce(before, action);
    expect(after).not.toBe(before);
    expect(before).toEqual(snapshot);
  });
});

describe("what the merge's speed relies on (bench: 'setCoinsData, 1,000 coins')", () => {
  /** `target` behind a proxy that counts property reads and key walks. */
  function counted<T extends object>(target: T) {
    const reads = new Map<PropertyKey, number>();
    const count = { reads, walks: 0 };
    const proxy = new Proxy(target, {
      get(object, key, receiver) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(object, key, receiver) as unknown;
      },
      getOwnPropertyDescriptor(object, key) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.getOwnPropertyDescriptor(object, key);
      },
      ownKeys(object) {
        count.walks += 1;
        return Reflect.ownKeys(object);
      },
    });
    return { proxy, count };
  }

  const watchedIds = Array.from({ length: 100 }, (_, i) => `coin-${i}`);
  const longList = (): WishlistState => ({
    ids: watchedIds,
    entities: Object.fromEntries(
      watchedIds.map((id, i) => [id, { ...coin(id, i + 1), holdings: '1', value: i + 1 }]),
    ),
  });

  it('keeps the coins the answer did not bring as the same objects, and never copies the old table', () => {
    const before = longList();
    const table = counted(before.entities);
    const state = reduce({ ...before, entities: table.proxy }, setCoinsData([coin('coin-3', 9)]));

    for (const id of watchedIds.filter((id) => id !== 'coin-3')) {
      expect(state.entities[id]).toBe(before.entities[id]);
    }
    // A copy (spread, Object.assign) walks the old table's keys; the merge looks each up once.
    expect(table.count.walks).toBe(0);
    for (const lookups of table.count.reads.values()) expect(lookups).toBeLessThanOrEqual(2);
    expect(Object.getPrototypeOf(state.entities)).toBeNull();
  });

  it.each([
    ['setCoinsData', setCoinsData],
    ['pricesReceived', pricesReceived],
  ])(
    'reads each field of an incoming coin at most twice and never walks its keys (%s)',
    (_name, merge) => {
      const coins = watchedIds.map((id) => counted(coin(id, 5)));
      reduce(longList(), merge(coins.map(({ proxy }) => proxy)));

      for (const { count } of coins) {
        expect(count.walks).toBe(0); // no spread, no Object.keys over a coin
        expect(Math.max(...count.reads.values())).toBeLessThanOrEqual(2);
      }
    },
  );

  it('gives every record one shape: the same fields in the same order, whatever the coin brought', () => {
    const plain = coin('ethereum', 1500);
    const reordered = Object.assign(
      Object.fromEntries(Object.entries(coin('solana', 150)).reverse()) as CoinMarket,
      { extra: 'not a market field' },
    );
    const state = reduce(watched(), setCoinsData([plain, reordered]));
    const fieldsOf = (id: string) => Object.keys(state.entities[id] ?? {});
    expect(fieldsOf('solana')).toEqual(fieldsOf('ethereum'));
    expect(fieldsOf('solana')).not.toContain('extra');
  });

  it('keeps the 7-day series it was given: not copied, and its numbers not frozen', () => {
    const sparkline = { price: [1400, 1450, 1500] };
    const state = reduce(
      watched(),
      setCoinsData([coin('ethereum', 1500, { sparkline_in_7d: sparkline })]),
    );
    const stored = state.entities['ethereum'];
    if (!stored || !('id' in stored)) throw new Error('ethereum was not merged');
    expect(stored.sparkline_in_7d).toBe(sparkline);
    expect(Object.isFrozen(sparkline.price)).toBe(false);
  });
});
