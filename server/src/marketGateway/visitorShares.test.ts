import { VisitorShares } from './visitorShares';

const MINUTE = 60_000;
const demo = {
  monthlyCalls: 10_000,
  pricesReservedShare: 0.5,
  clientShare: 0.1,
  searchesPerClientPerMinute: 10,
  pagesPerClientPerMinute: 6,
  priceCallsPerClientPerMinute: 8,
};

beforeEach(() => {
  jest.useFakeTimers({ now: Date.UTC(2026, 10, 2) });
});
afterEach(() => jest.useRealTimers());

/** How many calls of this kind the visitor gets before the first refusal. */
function callsUntilRefused(shares: VisitorShares, visitor: string, call: 'prices' | 'search') {
  let calls = 0;
  while (shares.take(visitor, call) === null) calls += 1;
  return calls;
}

test('one minute’s worth of calls per kind, then a wait of under a minute', () => {
  const shares = new VisitorShares(demo);
  expect(callsUntilRefused(shares, 'a', 'prices')).toBe(8);
  const waitMs = shares.take('a', 'prices') ?? 0;
  expect(waitMs).toBeGreaterThan(0);
  expect(waitMs).toBeLessThanOrEqual(MINUTE);
  // Searches and other visitors have their own counts.
  expect(shares.take('a', 'search')).toBeNull();
  expect(shares.take('b', 'prices')).toBeNull();
});

test('however long a visitor keeps asking, it spends at most its share of the month', () => {
  const shares = new VisitorShares(demo);
  let calls = 0;
  // A day of asking as fast as it is let (every minute).
  for (let minute = 0; minute < 24 * 60; minute++) {
    calls += callsUntilRefused(shares, 'a', 'prices');
    jest.advanceTimersByTime(MINUTE);
  }
  // 10% of the 10,000-call month: a head start of 10 calls, then about 33 a day.
  expect(calls).toBeGreaterThanOrEqual(40);
  expect(calls).toBeLessThanOrEqual(45);
  // Past the share the wait is the month's pace, not a minute.
  callsUntilRefused(shares, 'a', 'prices');
  expect(shares.take('a', 'prices')).toBeGreaterThan(10 * MINUTE);
  // Everyone else still has theirs.
  expect(callsUntilRefused(shares, 'b', 'prices')).toBe(8);
});
