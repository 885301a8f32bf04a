// A token selected, unselected and selected again in the Add Token modal
// within about a second must end priced. The sagas run on a virtual clock (jest's fake
// timers drive redux-saga's delays, the request cache's stale time and the fixture API's
// answer delay), so every interleaving is exact and no test waits on real time.
import fc from 'fast-check';
import { createAppStore } from '../store/createStore';
import { addId, isLoadedCoin, removeId } from '../wishlist/wishlistSlice';
import { addTokenClosed } from '../ui/uiSlice';
import { COIN_TABLE } from '../samples/coinTable';
import { setupFixtureMarket } from '../testing/fixtureMarket';
import { priceSaga } from './priceSaga';

const { control } = setupFixtureMarket();

beforeEach(() => {
  // Real microtasks, nextTick and setImmediate: msw answers through them.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  jest.setSystemTime(Date.parse('2026-11-23T10:00:00Z'));
});
afterEach(() => jest.useRealTimers());

/** Moves the virtual clock, letting every answer due by then arrive and be merged. */
async function advance(ms: number) {
  for (let step = 0; step < ms; step += 10) {
    await jest.advanceTimersByTimeAsync(Math.min(10, ms - step));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function startStore() {
  const store = createAppStore({ preloadedState: { wishlist: { ids: [], entities: {} } } });
  store.injectSaga('prices', priceSaga);
  return store;
}

/** Watched ids still without a price (the grey loading row). */
const unpriced = (store: ReturnType<typeof startStore>) => {
  const { ids, entities } = store.getState().wishlist;
  return ids.filter((id) => !isLoadedCoin(entities[id] ?? null));
};

describe('select, unselect and select again within a second, then Add to Wishlist', () => {
  // The market answers before the unselect, between unselect and reselect, after the
  // reselect, and after the stale time of the first answer.
  it.each([100, 500, 900, 2500])(
    'ends priced when the market answers in %i ms',
    async (answerMs) => {
      control.setMode({ mode: 'slow', delayMs: answerMs });
      const store = startStore();
      store.dispatch(addId('solana'));
      await advance(300);
      store.dispatch(removeId('solana'));
      await advance(400);
      store.dispatch(addId('solana'));
      await advance(300);
      store.dispatch(addTokenClosed());
      await advance(answerMs + 1000);

      expect(store.getState().wishlist.ids).toEqual(['solana']);
      expect(unpriced(store)).toEqual([]);
    },
  );
});

/** A click on a token in the modal (it toggles, as the rows do), or a pause. */
type Step = { kind: 'toggle'; id: string } | { kind: 'wait'; ms: number };

const ids = COIN_TABLE.slice(0, 2).map(({ id }) => id);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('toggle' as const), id: fc.constantFrom(...ids) }),
  // Mostly the quick clicks of a visitor, sometimes a pause past the 1 s stale time.
  fc.record({
    kind: fc.constant('wait' as const),
    ms: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 400, max: 1500 })),
  }),
);

// 100 runs of up to 12 steps on the virtual clock: about 4 s of CPU on an idle machine,
// so jest's 5 s default is too tight on a loaded one (this is work, not a timing check).
it('any sequence of selections ends with every added token priced', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { maxLength: 12 }),
      fc.integer({ min: 0, max: 1200 }),
      async (steps, answerMs) => {
        control.reset();
        control.setMode({ mode: 'slow', delayMs: answerMs });
        const store = startStore();
        for (const s of steps) {
          if (s.kind === 'wait') await advance(s.ms);
          else {
            const watched = store.getState().wishlist.ids.includes(s.id);
            store.dispatch(watched ? removeId(s.id) : addId(s.id));
          }
        }
        await advance(answerMs + 1100);
        expect(unpriced(store)).toEqual([]);
      },
    ),
    { numRuns: 100 },
  );
}, 60_000);
