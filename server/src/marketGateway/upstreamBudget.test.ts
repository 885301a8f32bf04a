import type { BudgetExhaustedError } from './upstreamBudget';
import { UpstreamBudget, type CallKind } from './upstreamBudget';

const MINUTE = 60_000;
const DAY = 24 * 3_600_000;

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-10T12:00:00Z') }));
afterEach(() => jest.useRealTimers());

/** Asks for `count` calls at once; records when each was let out, or how it was refused. */
function askFor(budget: UpstreamBudget, kind: CallKind, count: number, maxWaitMs: number) {
  const granted: number[] = [];
  const refused: BudgetExhaustedError[] = [];
  for (let i = 0; i < count; i += 1) {
    budget.acquire(kind, maxWaitMs).then(
      () => granted.push(Date.now()),
      (error: BudgetExhaustedError) => refused.push(error),
    );
  }
  return { granted, refused };
}

/** The most calls inside any 60 s. */
function mostInAnyMinute(times: number[]): number {
  return Math.max(
    0,
    ...times.map((start) => times.filter((t) => t >= start && t < start + MINUTE).length),
  );
}

const demo = { callsPerMinute: 30, monthlyCalls: 10_000, pricesReservedShare: 0.5 };

test('never lets more than callsPerMinute calls out in any 60 s, and spreads them', async () => {
  const budget = new UpstreamBudget(demo);
  const { granted } = askFor(budget, 'prices', 80, 10 * MINUTE);
  await jest.advanceTimersByTimeAsync(5 * MINUTE);

  expect(granted).toHaveLength(80);
  expect(mostInAnyMinute(granted)).toBe(30);
  // A burst does not spend the minute at once: 20 s worth go at once, then one every 2 s.
  expect(granted.filter((t) => t === granted[0])).toHaveLength(10);
  expect(granted.filter((t) => t < (granted[0] ?? 0) + 10_000)).toHaveLength(14);
});

test('refuses at once, with the wait, a call that could not go within its maxWaitMs', async () => {
  const budget = new UpstreamBudget(demo);
  const { granted, refused } = askFor(budget, 'prices', 13, 3_000);
  await jest.advanceTimersByTimeAsync(0);
  expect(granted).toHaveLength(10);
  // The 11th, 12th and 13th could go after 2, 4 and 6 s; with 3 s to wait only the 11th can.
  expect(refused).toHaveLength(2);
  expect(refused[0]).toMatchObject({ reason: 'minute', retryAfterMs: 4_000 });
  await jest.advanceTimersByTimeAsync(3_000);
  expect(granted).toHaveLength(11);
});

test('other calls may use only their share of the minute; prices still get through', async () => {
  const budget = new UpstreamBudget(demo);
  const others = askFor(budget, 'other', 40, 10 * MINUTE);
  await jest.advanceTimersByTimeAsync(50_000);
  // Half of 30 a minute is reserved for prices: other calls stop at 15.
  expect(others.granted).toHaveLength(15);

  const prices = askFor(budget, 'prices', 10, 5_000);
  await jest.advanceTimersByTimeAsync(5_000);
  expect(prices.granted).toHaveLength(10);
  expect(prices.refused).toHaveLength(0);
  expect(others.granted).toHaveLength(15);
});

test('a burst of other calls leaves the next price lookup its slot', async () => {
  const budget = new UpstreamBudget({ ...demo, callsPerMinute: 4 });
  const others = askFor(budget, 'other', 6, 3_000);
  const prices = askFor(budget, 'prices', 2, 0);
  await jest.advanceTimersByTimeAsync(0);
  expect(others.granted).toHaveLength(2);
  expect(others.refused).toHaveLength(4);
  expect(prices.granted).toHaveLength(2);
});

test('waiting price calls go before other calls that waited longer', async () => {
  const budget = new UpstreamBudget(demo);
  budget.rateLimited(5_000);
  const order: CallKind[] = [];
  for (const kind of ['other', 'other', 'prices'] as const) {
    void budget.acquire(kind, MINUTE).then(() => order.push(kind));
  }
  await jest.advanceTimersByTimeAsync(MINUTE);
  expect(order).toEqual(['prices', 'other', 'other']);
});

describe('the monthly budget', () => {
  const monthly = { callsPerMinute: 100_000, monthlyCalls: 10_000, pricesReservedShare: 0.5 };

  test('is paced: a head start of 1%, then the month’s budget in proportion to time', async () => {
    const budget = new UpstreamBudget(monthly);
    const first = askFor(budget, 'prices', 500, 0);
    await jest.advanceTimersByTimeAsync(0);
    expect(first.granted).toHaveLength(100);
    expect(first.refused[0]).toMatchObject({ reason: 'month' });

    // A day later, a thirtieth of the month (November has 30 days) more.
    jest.advanceTimersByTime(DAY);
    const nextDay = askFor(budget, 'prices', 1_000, 0);
    await jest.advanceTimersByTimeAsync(0);
    expect(nextDay.granted).toHaveLength(333);
  });

  test('never goes beyond the pace, and starts again with the next month', async () => {
    const budget = new UpstreamBudget({ ...monthly, monthlyCalls: 1_000 });
    const started = Date.now();
    jest.setSystemTime(new Date('2026-11-30T23:00:00Z'));
    const lastHour = askFor(budget, 'prices', 1_000, 0);
    await jest.advanceTimersByTimeAsync(0);
    // Pacing started with the process: 10 + 1,000 × (time since) / (30 days).
    const paced = 10 + (1_000 * (Date.now() - started)) / (30 * DAY);
    expect(lastHour.granted).toHaveLength(Math.floor(paced));
    expect(lastHour.refused[0]).toMatchObject({ reason: 'month' });
    // The next call is earned within a 1,000th of the month.
    expect(lastHour.refused[0]?.retryAfterMs).toBeLessThanOrEqual((30 * DAY) / 1_000);

    jest.setSystemTime(new Date('2026-12-01T00:00:00Z'));
    const december = askFor(budget, 'prices', 500, 0);
    await jest.advanceTimersByTimeAsync(0);
    expect(december.granted).toHaveLength(10);
  });

  test('keeps the reserved share for prices', async () => {
    const budget = new UpstreamBudget(monthly);
    const others = askFor(budget, 'other', 500, 0);
    await jest.advanceTimersByTimeAsync(0);
    expect(others.granted).toHaveLength(50);
    const prices = askFor(budget, 'prices', 500, 0);
    await jest.advanceTimersByTimeAsync(0);
    expect(prices.granted).toHaveLength(50);
  });
});

describe('upstream trouble pauses every call', () => {
  test('a 429 for its Retry-After', async () => {
    const budget = new UpstreamBudget(demo);
    budget.rateLimited(4_000);
    const waiting = askFor(budget, 'prices', 1, 10_000);
    const refused = askFor(budget, 'other', 1, 1_000);
    await jest.advanceTimersByTimeAsync(3_999);
    expect(waiting.granted).toHaveLength(0);
    expect(refused.refused[0]).toMatchObject({ reason: 'rateLimited' });
    await jest.advanceTimersByTimeAsync(1);
    expect(waiting.granted).toHaveLength(1);
  });

  test('failures in a row for 1 s, 2 s, 4 s …, until one succeeds', () => {
    const budget = new UpstreamBudget(demo);
    budget.failed();
    expect(budget.waitFor('prices')).toEqual({ ms: 1_000, reason: 'failing' });
    jest.advanceTimersByTime(1_000);
    budget.failed();
    expect(budget.waitFor('prices')).toEqual({ ms: 2_000, reason: 'failing' });
    jest.advanceTimersByTime(2_000);
    budget.failed();
    expect(budget.waitFor('prices').ms).toBe(4_000);
    jest.advanceTimersByTime(4_000);
    budget.succeeded();
    budget.failed();
    expect(budget.waitFor('prices').ms).toBe(1_000);
  });
});
