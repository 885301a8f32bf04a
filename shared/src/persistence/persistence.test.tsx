import fc from 'fast-check';
import { runSaga } from 'redux-saga';
import { createAppStore } from '../store/createStore';
import { watchPersistence } from './persistenceWatchers';
import { pricesReceived } from '../prices/events';
import { coinRecord } from '../testing/coinRecord';
import { removeId, updateHoldings } from '../wishlist/wishlistSlice';
import { loadInitialWishlist } from './initialState';
import { SAVE_SLICE_ENTRIES, saveInSlices } from './persistenceWorkers';
import { parseSavedWishlist, serializeSavedWishlist } from './savedWishlist';
import { UNREADABLE_STORAGE_KEY, WISHLIST_STORAGE_KEY } from './storageKeys';

const clearCookie = () => (document.cookie = 'seeded_v1=; max-age=0; path=/');
let warn: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  clearCookie();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** A tab: a store started from storage, with the persistence saga running. */
function openTab() {
  const initial = loadInitialWishlist();
  const { ids, entities } = initial.saved;
  return createAppStore({
    preloadedState: { wishlist: { ids, entities } },
    rootSaga: () => watchPersistence(initial),
  });
}

const saved = () => parseSavedWishlist(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '');

describe('the first visit', () => {
  it('seeds the five sample coins with sample holdings, saves them and sets the cookie', () => {
    const { saved: state } = loadInitialWishlist();
    expect(state.ids).toEqual(['ethereum', 'binancecoin', 'ripple', 'solana', 'dogecoin']);
    expect(state.ids.map((id) => state.entities[id]?.holdings)).toEqual([
      '1',
      '10',
      '1000',
      '20',
      '10000',
    ]);
    expect(state.entities['ethereum']).toMatchObject({
      last_updated: expect.stringMatching(/^2025-10-1/),
      image: expect.stringMatching(/^data:image\/svg\+xml,/),
    });
    expect(saved().ids).toEqual(state.ids);
    expect(document.cookie).toContain('seeded_v1=1');
  });

  it('starts empty when the cookie is there but nothing is saved', () => {
    loadInitialWishlist();
    localStorage.clear();
    expect(loadInitialWishlist().saved.ids).toEqual([]);
  });

  it.each([
    [
      'full',
      () =>
        jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
          throw new DOMException('full', 'QuotaExceededError');
        }),
    ],
    [
      'blocked',
      () =>
        jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
          throw new DOMException('blocked', 'SecurityError');
        }),
    ],
  ])('shows the samples but sets no cookie when storage is %s', (_name, breakStorage) => {
    breakStorage();
    expect(loadInitialWishlist().saved.ids).toHaveLength(5);
    expect(document.cookie).not.toContain('seeded_v1');
    expect(warn).toHaveBeenCalledTimes(1);
    // Storage works again on the next visit: the samples are offered and saved then.
    jest.restoreAllMocks();
    expect(loadInitialWishlist().saved.ids).toHaveLength(5);
    expect(document.cookie).toContain('seeded_v1=1');
  });

  it('prefers a saved state over the seed', () => {
    localStorage.setItem(
      WISHLIST_STORAGE_KEY,
      serializeSavedWishlist({ ids: ['bitcoin'], entities: { bitcoin: null }, edits: {} }),
    );
    expect(loadInitialWishlist().saved.ids).toEqual(['bitcoin']);
  });
});

describe('an unreadable saved state', () => {
  it.each(['{not json', '[1,2]', '{"version":1,"ids":"eth","entities":{}}'])(
    'warns, falls back and keeps %j aside instead of overwriting it',
    (text) => {
      localStorage.setItem(WISHLIST_STORAGE_KEY, text);
      document.cookie = 'seeded_v1=1; path=/';
      expect(loadInitialWishlist().saved.ids).toEqual([]);
      expect(warn).toHaveBeenCalled();
      expect(localStorage.getItem(UNREADABLE_STORAGE_KEY)).toBe(text);
    },
  );

  it('never crashes when storage throws, and does not save over what it could not read', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const tab = openTab();
    tab.dispatch(updateHoldings({ id: 'ethereum', holdings: '3' }));
    expect(tab.getState().wishlist.entities['ethereum']?.holdings).toBe('3');
    expect(setItem).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it('keeps working when storage is full', () => {
    const tab = openTab();
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    tab.dispatch(updateHoldings({ id: 'ethereum', holdings: '2' }));
    tab.dispatch(updateHoldings({ id: 'ethereum', holdings: '3' }));
    expect(tab.getState().wishlist.entities['ethereum']?.holdings).toBe('3');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('any saved text either loads exactly or falls back with a warning', () => {
    const savedState = fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 5 }).map((ids) => ({
      text: serializeSavedWishlist({
        ids,
        entities: Object.fromEntries(ids.map((id) => [id, { holdings: '1', value: null }])),
        edits: {},
      }),
      ids,
    }));
    const anyText = fc.oneof(fc.string(), fc.json()).map((text) => ({ text, ids: null }));
    fc.assert(
      fc.property(fc.oneof(savedState, anyText), ({ text, ids }) => {
        localStorage.setItem(WISHLIST_STORAGE_KEY, text);
        warn.mockClear();
        const { saved: state } = loadInitialWishlist();
        if (ids) expect(state.ids).toEqual(ids);
        else if (warn.mock.calls.length === 0)
          expect(parseSavedWishlist(text).ids).toEqual(state.ids);
      }),
    );
  });
});

describe('saving', () => {
  it('saves every change at once', () => {
    const tab = openTab();
    tab.dispatch(updateHoldings({ id: 'solana', holdings: '7.5' }));
    expect(saved().entities['solana']?.holdings).toBe('7.5');
    tab.dispatch(removeId('ripple'));
    expect(saved().ids).not.toContain('ripple');
  });

  it('saves new prices in a later task, not in the one that shows them', async () => {
    const tab = openTab();
    const price = (id: string) => {
      const entity = saved().entities[id];
      return entity && 'id' in entity ? entity.current_price : null;
    };
    tab.dispatch(pricesReceived([coinRecord({ id: 'solana', current_price: 123 })]));
    expect(price('solana')).not.toBe(123);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(price('solana')).toBe(123);

    // A visitor's change right after new prices saves both at once.
    tab.dispatch(pricesReceived([coinRecord({ id: 'solana', current_price: 124 })]));
    tab.dispatch(updateHoldings({ id: 'solana', holdings: '3' }));
    expect(saved().entities['solana']).toMatchObject({ current_price: 124, holdings: '3' });
  });

  describe('new prices of a long list, saved a slice per task', () => {
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    const priceOf = (id: string) => {
      const entity = saved().entities[id];
      return entity && 'id' in entity ? entity.current_price : null;
    };
    const manyCoins = (price: number) =>
      Array.from({ length: 3 * SAVE_SLICE_ENTRIES }, (_, i) =>
        coinRecord({ id: `coin-${i}`, current_price: price }),
      );

    it('are all saved once the slices are done', async () => {
      const tab = openTab();
      tab.dispatch(pricesReceived(manyCoins(5)));
      for (let task = 0; task < 5 && priceOf('coin-0') !== 5; task += 1) await nextTask();
      expect(saved().ids).toHaveLength(5 + 3 * SAVE_SLICE_ENTRIES);
      expect(priceOf(`coin-${3 * SAVE_SLICE_ENTRIES - 1}`)).toBe(5);
    });

    it('serialise at most SAVE_SLICE_ENTRIES entries in any task, none in the calling one', async () => {
      const count = 3 * SAVE_SLICE_ENTRIES + 1;
      const ids = Array.from({ length: count }, (_, i) => `coin-${i}`);
      const entities = Object.fromEntries(
        ids.map((id) => [id, { ...coinRecord({ id, current_price: 1 }), holdings: '1', value: 1 }]),
      );
      let serialised = 0; // entries read for saving since the last count
      const counted = new Proxy(entities, {
        get(table, key, receiver) {
          serialised += 1;
          return Reflect.get(table, key, receiver) as unknown;
        },
      });
      const tracker = {
        state: { ids, entities: counted },
        edits: {},
        saveAllowed: true,
        key: WISHLIST_STORAGE_KEY,
      };
      const save = runSaga(
        { dispatch: () => undefined, getState: () => ({}) },
        saveInSlices,
        tracker,
      );
      const perTask = [serialised];
      while (save.isRunning()) {
        serialised = 0;
        await nextTask(); // runs after the saga's own next task
        perTask.push(serialised);
      }
      expect(perTask[0]).toBe(0);
      expect(Math.max(...perTask)).toBeLessThanOrEqual(SAVE_SLICE_ENTRIES);
      expect(perTask.reduce((sum, entries) => sum + entries, 0)).toBe(count);
      expect(saved().ids).toHaveLength(count);
    });

    it.each([
      ['left', () => window.dispatchEvent(new Event('pagehide'))],
      [
        'hidden',
        () => {
          jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
          document.dispatchEvent(new Event('visibilitychange'));
        },
      ],
    ])('are written at once when the page is %s before the save is done', async (_, leave) => {
      const tab = openTab();
      tab.dispatch(pricesReceived(manyCoins(6)));
      await nextTask();
      expect(priceOf('coin-0')).not.toBe(6);
      leave();
      expect(priceOf(`coin-${3 * SAVE_SLICE_ENTRIES - 1}`)).toBe(6);
    });

    it('never overwrite a change the visitor makes while they are being saved', async () => {
      const tab = openTab();
      tab.dispatch(pricesReceived(manyCoins(7)));
      await nextTask();
      tab.dispatch(updateHoldings({ id: 'coin-1', holdings: '42' }));
      expect(saved().entities['coin-1']).toMatchObject({ current_price: 7, holdings: '42' });
      for (let task = 0; task < 5; task += 1) await nextTask();
      expect(saved().entities['coin-1']).toMatchObject({ current_price: 7, holdings: '42' });
    });
  });

  it('merges another tab’s edit to a different token without losing this tab’s', () => {
    const tabA = openTab();
    const tabB = openTab();
    const baseText = localStorage.getItem(WISHLIST_STORAGE_KEY);
    // Both edit before either hears of the other: B's save lands last.
    tabA.dispatch(updateHoldings({ id: 'ethereum', holdings: '5' }));
    const textA = localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '';
    tabB.dispatch(updateHoldings({ id: 'solana', holdings: '99' }));
    const textB = localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '';
    expect(textA).not.toBe(baseText);

    // jsdom fires storage events in no tab: deliver them as the browser would.
    const deliver = (newValue: string) =>
      window.dispatchEvent(new StorageEvent('storage', { key: WISHLIST_STORAGE_KEY, newValue }));
    deliver(textB); // to A
    deliver(textA); // to B (A hears it too, as an echo of an older state)

    for (const tab of [tabA, tabB]) {
      const { entities } = tab.getState().wishlist;
      expect([entities['ethereum']?.holdings, entities['solana']?.holdings]).toEqual(['5', '99']);
    }
    expect(saved().entities['ethereum']?.holdings).toBe('5');
    expect(saved().entities['solana']?.holdings).toBe('99');
  });
});
