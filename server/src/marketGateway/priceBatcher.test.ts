import type { CacheEntry } from './answerCache';
import { PriceBatcher } from './priceBatcher';
import { BudgetExhaustedError } from './upstreamBudget';

/** An upstream stand-in that answers each call when told to, and records the ids asked. */
function fakeUpstream() {
  const calls: { ids: string[]; answer(): void; fail(error: Error): void }[] = [];
  const fetchBatch = (ids: string[]) =>
    new Promise<Map<string, CacheEntry>>((resolve, reject) => {
      calls.push({
        ids,
        answer: () =>
          resolve(new Map(ids.map((id) => [id, { text: JSON.stringify({ id }), fetchedAt: 1 }]))),
        fail: reject,
      });
    });
  return { calls, fetchBatch };
}

const ids = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** Lets the gathering window pass and the batcher send. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('requests arriving together share one call; answers map back to each id', async () => {
  const upstream = fakeUpstream();
  const batcher = new PriceBatcher({ acquireCall: async () => {}, ...upstream });
  const first = batcher.load(['bitcoin', 'ethereum']);
  const second = batcher.load(['ethereum', 'solana']);
  await settle();
  expect(upstream.calls.map((call) => call.ids)).toEqual([['bitcoin', 'ethereum', 'solana']]);
  upstream.calls[0]?.answer();
  expect([...(await first).keys()]).toEqual(['bitcoin', 'ethereum']);
  expect((await second).get('solana')?.text).toBe('{"id":"solana"}');
});

test('at most 250 ids per call', async () => {
  const upstream = fakeUpstream();
  const batcher = new PriceBatcher({ acquireCall: async () => {}, ...upstream });
  const loading = batcher.load(ids('coin', 600));
  await settle();
  expect(upstream.calls.map((call) => call.ids.length)).toEqual([250, 250, 100]);
  for (const call of upstream.calls) call.answer();
  expect((await loading).size).toBe(600);
});

test('ids already in flight are not asked for again', async () => {
  const upstream = fakeUpstream();
  const batcher = new PriceBatcher({ acquireCall: async () => {}, ...upstream });
  const first = batcher.load(['bitcoin', 'ethereum']);
  await settle();
  const second = batcher.load(['ethereum', 'dogecoin']);
  await settle();
  expect(upstream.calls.map((call) => call.ids)).toEqual([['bitcoin', 'ethereum'], ['dogecoin']]);
  for (const call of upstream.calls) call.answer();
  await expect(first).resolves.toBeInstanceOf(Map);
  expect([...(await second).keys()]).toEqual(['ethereum', 'dogecoin']);
});

test('while the budget holds a call back, later ids ride along in it', async () => {
  const upstream = fakeUpstream();
  let allow: () => void = () => {};
  let slots = 0;
  const acquireCall = () =>
    slots++ === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allow = resolve));
  const batcher = new PriceBatcher({ acquireCall, ...upstream });
  void batcher.load(['bitcoin']);
  await settle();
  void batcher.load(['ethereum']);
  await settle();
  void batcher.load(['solana', 'dogecoin']);
  await settle();
  expect(upstream.calls).toHaveLength(1);
  allow();
  await settle();
  expect(upstream.calls.map((call) => call.ids)).toEqual([
    ['bitcoin'],
    ['ethereum', 'solana', 'dogecoin'],
  ]);
});

test('a failed call fails every request waiting for its ids; the next request asks again', async () => {
  const upstream = fakeUpstream();
  const batcher = new PriceBatcher({ acquireCall: async () => {}, ...upstream });
  const first = batcher.load(['bitcoin']);
  const second = batcher.load(['bitcoin', 'ethereum']);
  await settle();
  upstream.calls[0]?.fail(new Error('upstream 500'));
  await expect(first).rejects.toThrow('upstream 500');
  await expect(second).rejects.toThrow('upstream 500');

  const retry = batcher.load(['bitcoin']);
  await settle();
  expect(upstream.calls.map((call) => call.ids)).toEqual([['bitcoin', 'ethereum'], ['bitcoin']]);
  upstream.calls[1]?.answer();
  await expect(retry).resolves.toBeInstanceOf(Map);
});

test('when the budget refuses, waiting requests get its refusal (with when to retry)', async () => {
  const upstream = fakeUpstream();
  const refusal = new BudgetExhaustedError('minute', 12_000);
  const batcher = new PriceBatcher({ acquireCall: () => Promise.reject(refusal), ...upstream });
  await expect(batcher.load(['bitcoin'])).rejects.toBe(refusal);
  expect(upstream.calls).toHaveLength(0);
});

test('a flood of new ids beyond ten calls’ worth is turned away', async () => {
  const upstream = fakeUpstream();
  const batcher = new PriceBatcher({ acquireCall: () => new Promise(() => {}), ...upstream });
  void batcher.load(ids('a', 2_400));
  await expect(batcher.load(ids('b', 200))).rejects.toBeInstanceOf(BudgetExhaustedError);
});
