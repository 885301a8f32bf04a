import { MonthlyPacing } from './monthlyPacing';

/** Watched-coin prices have a reserved share of the budget; everything else is 'other'. */
export type CallKind = 'prices' | 'other';

/**
 * Why no call may go now: the minute or month budget, a pause after upstream trouble, or
 * the servers' shared state (Redis) out of reach (docs/architecture.md#several-servers-one-service).
 */
export type BudgetReason = 'minute' | 'month' | 'rateLimited' | 'failing' | 'shared';

export class BudgetExhaustedError extends Error {
  override readonly name = 'BudgetExhaustedError';
  constructor(
    readonly reason: BudgetReason,
    readonly retryAfterMs: number,
  ) {
    super(`No upstream call allowed for ${Math.ceil(retryAfterMs / 1000)} s (${reason})`);
  }
}

/** What every budget does, in this process (UpstreamBudget) or shared by servers (sharedState/). */
export interface Budget {
  acquire(kind: CallKind, maxWaitMs: number): Promise<void>;
  rateLimited(retryAfterMs: number | null): void;
  failed(): void;
  succeeded(): void;
  waitFor(kind: CallKind): Wait;
  usage(): BudgetUsage;
  close(): void;
}

export interface BudgetUsage {
  callsLastMinute: number;
  callsThisMonth: number;
  monthlyAllowanceSoFar: number;
}

export interface BudgetSettings {
  callsPerMinute: number;
  monthlyCalls: number;
  /** Share of both budgets that only price lookups may use (0 to 0.9). */
  pricesReservedShare: number;
}

/** A call waits at most this long for the budget to let it out. */
export const BUDGET_WAIT_MS = 3_000;
const MINUTE_MS = 60_000;
/**
 * The window "calls per minute" is kept in: the plan's minute is counted where the calls
 * arrive, up to a second after they are counted here (a loaded server, the network), so the
 * window is a second longer and no 60 s at the upstream ever holds one call too many (the
 * several-servers browser test saw 31 of 30 under load without it).
 */
export const WINDOW_MS = MINUTE_MS + 1_000;
/** After upstream failures, calls pause 1 s, then 2, 4 ... up to this. */
const MAX_FAILURE_PAUSE_MS = 30_000;
/** An upstream 429 without a usable Retry-After pauses this long; a longer one is capped. */
const RATE_LIMIT_PAUSE_MS = 30_000;
const MAX_RATE_LIMIT_PAUSE_MS = 5 * MINUTE_MS;

interface Waiter {
  deadline: number;
  resolve(): void;
  reject(error: Error): void;
}

export interface Wait {
  ms: number;
  reason: BudgetReason;
}

/**
 * The numbers a budget derives from its settings: other calls' share of both windows, the
 * price bucket (20 s worth of calls) and the monthly head start (1% of the month: 100 calls
 * on the demo plan), here and in the shared budget (sharedState/sharedBudget.ts).
 */
export function budgetShape({ callsPerMinute, monthlyCalls, pricesReservedShare }: BudgetSettings) {
  const otherShare = 1 - pricesReservedShare;
  return {
    otherShare,
    otherCallsPerMinute: Math.max(1, Math.floor(callsPerMinute * otherShare)),
    bucketSize: Math.max(2, Math.ceil(callsPerMinute / 3)),
    headStart: Math.max(1, monthlyCalls / 100),
  };
}

/** An upstream 429's pause: its Retry-After (30 s without one), from 1 s to 5 minutes. */
export const rateLimitPauseMs = (retryAfterMs: number | null) =>
  Math.min(Math.max(retryAfterMs ?? RATE_LIMIT_PAUSE_MS, 1000), MAX_RATE_LIMIT_PAUSE_MS);

/** The pause after failures in a row: 1 s, 2, 4 … up to MAX_FAILURE_PAUSE_MS. */
export const failurePauseMs = (failures: number) =>
  Math.min(1000 * 2 ** (failures - 1), MAX_FAILURE_PAUSE_MS);

const longer = (a: Wait, b: Wait) => (b.ms > a.ms ? b : a);
const NO_WAIT: Wait = { ms: 0, reason: 'minute' };

/** How long until one more call fits `limit` calls in any minute (`calls`: oldest first). */
function windowWait(calls: number[], limit: number, now: number): Wait {
  const oldestToLeave = calls[calls.length - limit];
  return {
    ms: oldestToLeave === undefined ? 0 : oldestToLeave + WINDOW_MS - now,
    reason: 'minute',
  };
}

/**
 * The one gate every upstream call passes. It never lets more than callsPerMinute calls
 * out in any 60 s and paces the monthly budget; other calls may use only their share of
 * both, so price lookups always keep the reserved rest. Price lookups are also spread (a
 * bucket of 20 s worth of calls refilled evenly): a burst of new visitors does not spend
 * the minute at once, the ids of later visitors wait a moment and ride in fuller calls.
 * An upstream 429 pauses every call for its Retry-After, repeated failures for longer and
 * longer.
 *
 * Hand-written: rate-limit libraries (bottleneck, p-throttle, limiter) offer one window
 * or priorities, not a reserved share over two windows with a monthly pace.
 */
export class UpstreamBudget implements Budget {
  readonly #callsPerMinute: number;
  readonly #otherCallsPerMinute: number;
  readonly #otherShare: number;
  readonly #bucketSize: number;
  /** Every call, and other calls alone (their share has its own pace). */
  readonly #month: MonthlyPacing;
  readonly #otherMonth: MonthlyPacing;
  /** Times of the calls of the last minute, oldest first: all of them, and other calls. */
  #calls: number[] = [];
  #otherCalls: number[] = [];
  #tokens: number;
  #tokensAt: number;
  #pause: { until: number; reason: BudgetReason } = { until: 0, reason: 'failing' };
  #failures = 0;
  readonly #queues: Record<CallKind, Waiter[]> = { prices: [], other: [] };
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(settings: BudgetSettings) {
    const now = Date.now();
    const { callsPerMinute, monthlyCalls } = settings;
    const { otherShare, otherCallsPerMinute, bucketSize, headStart } = budgetShape(settings);
    this.#callsPerMinute = callsPerMinute;
    this.#otherShare = otherShare;
    this.#otherCallsPerMinute = otherCallsPerMinute;
    this.#bucketSize = bucketSize;
    this.#tokens = bucketSize;
    this.#tokensAt = now;
    // The head start comes again after a start or restart (the shared budget's, once a month).
    this.#month = new MonthlyPacing(monthlyCalls, headStart, now);
    this.#otherMonth = new MonthlyPacing(
      monthlyCalls * this.#otherShare,
      headStart * this.#otherShare,
      now,
    );
  }

  /**
   * Resolves when a call of this kind may go (and counts it), or rejects with a
   * BudgetExhaustedError as soon as it could not go within maxWaitMs. Price lookups are
   * served before other calls that wait.
   */
  acquire(kind: CallKind, maxWaitMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queues[kind].push({ deadline: Date.now() + maxWaitMs, resolve, reject });
      this.#pump();
    });
  }

  /** The upstream answered 429: no call goes for its Retry-After (30 s when it gave none). */
  rateLimited(retryAfterMs: number | null): void {
    this.pauseFor(rateLimitPauseMs(retryAfterMs), 'rateLimited');
  }

  /** The upstream failed (5xx, time-out, unreachable): pause, longer after each failure in a row. */
  failed(): void {
    this.#failures += 1;
    this.pauseFor(failurePauseMs(this.#failures), 'failing');
  }

  succeeded(): void {
    this.#failures = 0;
  }

  /** How long until a call of this kind could go, and what holds it back (0 ms: now). */
  waitFor(kind: CallKind): Wait {
    const now = Date.now();
    const other = kind === 'other';
    this.#calls = this.#calls.filter((at) => at > now - WINDOW_MS);
    this.#otherCalls = this.#otherCalls.filter((at) => at > now - WINDOW_MS);
    const waits: Wait[] = [
      { ms: Math.max(0, this.#pause.until - now), reason: this.#pause.reason },
      windowWait(this.#calls, this.#callsPerMinute, now),
      other ? windowWait(this.#otherCalls, this.#otherCallsPerMinute, now) : NO_WAIT,
      { ms: this.#month.waitMs(now), reason: 'month' },
      other ? { ms: this.#otherMonth.waitMs(now), reason: 'month' } : NO_WAIT,
    ];
    const tokens = this.#tokensNow(now);
    if (!other && tokens < 1) {
      const perMs = this.#callsPerMinute / MINUTE_MS;
      waits.push({ ms: Math.ceil((1 - tokens) / perMs), reason: 'minute' });
    }
    return waits.reduce(longer);
  }

  /** For reports and tests: calls in the last minute and this month so far. */
  usage(): BudgetUsage {
    const now = Date.now();
    return {
      callsLastMinute: this.#calls.filter((at) => at > now - WINDOW_MS).length,
      callsThisMonth: this.#month.used(now),
      monthlyAllowanceSoFar: Math.floor(this.#month.allowance(now)),
    };
  }

  /** Rejects whatever still waits (the server is closing). */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    for (const waiter of [...this.#queues.prices.splice(0), ...this.#queues.other.splice(0)]) {
      waiter.reject(new BudgetExhaustedError('failing', 1000));
    }
  }

  #tokensNow(now: number): number {
    const refill = ((now - this.#tokensAt) * this.#callsPerMinute) / MINUTE_MS;
    return Math.min(this.#bucketSize, this.#tokens + refill);
  }

  #take(kind: CallKind, now: number): void {
    this.#calls.push(now);
    this.#month.record(now);
    if (kind === 'other') {
      this.#otherCalls.push(now);
      this.#otherMonth.record(now);
    } else {
      this.#tokens = this.#tokensNow(now) - 1;
      this.#tokensAt = now;
    }
  }

  /** What was spent: the times of the last minute's calls, and the month's counts. */
  spent() {
    const now = Date.now();
    const recent = (times: number[]) => times.filter((at) => at > now - WINDOW_MS);
    return {
      calls: recent(this.#calls),
      otherCalls: recent(this.#otherCalls),
      month: this.#month.used(now),
      otherMonth: this.#otherMonth.used(now),
    };
  }

  /** No call goes for `ms` (or until a longer pause ends). */
  pauseFor(ms: number, reason: BudgetReason): void {
    const until = Date.now() + ms;
    if (until > this.#pause.until) this.#pause = { until, reason };
    this.#pump();
  }

  /** Lets out every waiter that may go now, turns away those that cannot by their deadline. */
  #pump = (): void => {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const now = Date.now();
    for (const kind of KINDS_BY_PRIORITY) {
      const queue = this.#queues[kind];
      while (queue.length > 0 && this.waitFor(kind).ms <= 0) {
        this.#take(kind, now);
        queue.shift()?.resolve();
      }
    }
    // Those ahead in line go first, one per bucket refill at best.
    const spacingMs = MINUTE_MS / this.#callsPerMinute;
    let ahead = 0;
    let soonest = Infinity;
    for (const kind of KINDS_BY_PRIORITY) {
      const wait = this.waitFor(kind);
      this.#queues[kind] = this.#queues[kind].filter((waiter) => {
        const expectedMs = wait.ms + ahead * spacingMs;
        if (now + expectedMs > waiter.deadline) {
          waiter.reject(new BudgetExhaustedError(wait.reason, expectedMs));
          return false;
        }
        ahead += 1;
        return true;
      });
      if (this.#queues[kind].length > 0) soonest = Math.min(soonest, wait.ms);
    }
    if (soonest < Infinity) {
      this.#timer = setTimeout(this.#pump, Math.max(1, soonest));
      this.#timer.unref();
    }
  };
}

export const KINDS_BY_PRIORITY: readonly CallKind[] = ['prices', 'other'];
