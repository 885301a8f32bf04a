// The upstream budget shared by every server (REDIS_URL): the plan's own numbers, checked
// and spent in one atomic step in Redis, so racing servers never exceed it.
import {
  BudgetExhaustedError,
  KINDS_BY_PRIORITY,
  UpstreamBudget,
  budgetShape,
  failurePauseMs,
  rateLimitPauseMs,
  type Budget,
  type BudgetReason,
  type BudgetSettings,
  type BudgetUsage,
  type CallKind,
  type Wait,
} from '../marketGateway/upstreamBudget';
import { ACQUIRE, OUTCOME, REJOIN, budgetKeys } from './budgetScripts';
import { calendarMonth } from './lua';
import type { SharedRedis } from './sharedRedis';

/** After Redis goes, no upstream call for this long: another server's spending is unknown. */
export const OUTAGE_PAUSE_MS = 60_000;
interface Waiter {
  kind: CallKind;
  deadline: number;
  resolve(): void;
  reject(error: Error): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The plan's budget for all servers: the same rule as UpstreamBudget (minute and month
 * windows for all calls and for other calls, the price bucket, the pause after a 429 or
 * failures, the head start once a month), kept in Redis and spent by a Lua script, one
 * atomic step per call. Waiting calls are queued here, prices first, and ask again when
 * the script says a call could go.
 *
 * While Redis is down this server falls back to a budget of its own: no call for
 * OUTAGE_PAUSE_MS, then the plan divided by the servers last seen alive (a server that never
 * reached Redis makes none). When Redis is back, what the fallback spent joins the shared
 * windows, and the shared budget rules again.
 *
 * Our own code: rate-limit libraries (rate-limiter-flexible, bottleneck) count one window
 * per key, not two windows over one plan with a reserved share and a monthly pace
 * (docs/architecture.md#several-servers-one-service).
 */
export class SharedBudget implements Budget {
  readonly #redis: SharedRedis;
  readonly #settings: BudgetSettings;
  readonly #argv: (now: number) => (string | number)[];
  #fallback: UpstreamBudget | null = null;
  readonly #waiting: Waiter[] = [];
  #pumping = false;
  #calls = 0;
  #last: { at: number; waits: Record<CallKind, Wait>; usage: BudgetUsage };
  readonly #unsubscribe: () => void;

  constructor(redis: SharedRedis, settings: BudgetSettings) {
    this.#redis = redis;
    this.#settings = settings;
    const { callsPerMinute, monthlyCalls } = settings;
    const { otherShare, otherCallsPerMinute, bucketSize, headStart } = budgetShape(settings);
    this.#argv = (now) => {
      const month = calendarMonth(now);
      this.#calls += 1;
      return [
        ...[callsPerMinute, otherCallsPerMinute, bucketSize],
        ...[monthlyCalls, otherShare, headStart, month.start, month.end],
        `${redis.serverId}:${this.#calls}`,
      ];
    };
    const none = { ms: 0, reason: 'minute' } as const;
    this.#last = {
      at: 0,
      waits: { prices: none, other: none },
      usage: { callsLastMinute: 0, callsThisMonth: 0, monthlyAllowanceSoFar: 0 },
    };
    if (!redis.up) this.#fallback = this.#newFallback();
    this.#unsubscribe = redis.onChange((up) => {
      if (up) void this.#rejoin();
      else this.#fallback ??= this.#newFallback();
    });
  }

  acquire(kind: CallKind, maxWaitMs: number): Promise<void> {
    const fallback = this.#local();
    if (fallback) return fallback.acquire(kind, maxWaitMs);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ kind, deadline: Date.now() + maxWaitMs, resolve, reject });
      void this.#pump();
    });
  }

  rateLimited(retryAfterMs: number | null): void {
    const fallback = this.#local();
    if (fallback) return fallback.rateLimited(retryAfterMs);
    void this.#outcome('pause', 'rateLimited', rateLimitPauseMs(retryAfterMs));
  }

  failed(): void {
    const fallback = this.#local();
    if (fallback) return fallback.failed();
    void this.#outcome('failed').then((failures) =>
      this.#outcome('pause', 'failing', failurePauseMs(failures)),
    );
  }

  succeeded(): void {
    const fallback = this.#local();
    if (fallback) return fallback.succeeded();
    void this.#outcome('succeeded');
  }

  /** The wait last seen for this kind, less the time since (a hint for Retry-After). */
  waitFor(kind: CallKind): Wait {
    const fallback = this.#local();
    if (fallback) return fallback.waitFor(kind);
    const wait = this.#last.waits[kind];
    return { ms: Math.max(0, wait.ms - (Date.now() - this.#last.at)), reason: wait.reason };
  }

  usage(): BudgetUsage {
    return this.#local()?.usage() ?? this.#last.usage;
  }

  close(): void {
    this.#unsubscribe();
    this.#fallback?.close();
    for (const waiter of this.#waiting.splice(0)) {
      waiter.reject(new BudgetExhaustedError('failing', 1000));
    }
  }

  /** Whether the shared budget decides (false while the fallback does). */
  get isShared(): boolean {
    return this.#local() === null;
  }

  /**
   * KEYS[1..5] and ARGV[1..9] of a script that spends this budget with BUDGET_LUA (the
   * price batches), or null while the fallback decides.
   */
  scriptInput(now: number): { keys: string[]; args: (string | number)[] } | null {
    return this.#local() ? null : { keys: budgetKeys(now), args: this.#argv(now) };
  }

  /** The budget of this server alone while the shared one cannot be reached. */
  #local(): UpstreamBudget | null {
    // Until this server has seen how many servers there are, it makes no call at all.
    if (this.#fallback && !this.#redis.everUp) this.#fallback.pauseFor(OUTAGE_PAUSE_MS, 'shared');
    return this.#fallback;
  }

  #newFallback(): UpstreamBudget {
    const servers = this.#redis.serversAlive;
    const { callsPerMinute, monthlyCalls, pricesReservedShare } = this.#settings;
    const budget = new UpstreamBudget({
      callsPerMinute: Math.max(1, Math.floor(callsPerMinute / servers)),
      monthlyCalls: Math.max(1, Math.floor(monthlyCalls / servers)),
      pricesReservedShare,
    });
    budget.pauseFor(OUTAGE_PAUSE_MS, 'shared');
    return budget;
  }

  /** Redis is back: what the fallback spent joins the shared budget, which rules again. */
  async #rejoin(): Promise<void> {
    const fallback = this.#fallback;
    if (!fallback) return;
    const { calls, otherCalls, month, otherMonth } = fallback.spent();
    try {
      await this.#redis.script(REJOIN, budgetKeys(Date.now()), [
        `${this.#redis.serverId}:rejoin`,
        month,
        otherMonth,
        calls.length,
        otherCalls.length,
        ...calls,
        ...otherCalls,
      ]);
    } catch {
      return; // Redis went again: the fallback stays
    }
    this.#fallback = null;
    fallback.close();
  }

  /** Runs OUTCOME; its answer (failures in a row after 'failed'), 0 when Redis failed. */
  async #outcome(...args: ['succeeded' | 'failed'] | ['pause', BudgetReason, number]) {
    const keys = [budgetKeys(Date.now())[2] ?? ''];
    return Number(await this.#redis.script(OUTCOME, keys, args).catch(() => 0));
  }

  /** Asks Redis for each kind that waits, prices first; lets out what may go, sleeps the rest. */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#waiting.length > 0) {
        const fallback = this.#local();
        if (fallback) {
          // Redis went while these waited: the fallback decides for them.
          for (const waiter of this.#waiting.splice(0)) {
            const remainingMs = waiter.deadline - Date.now();
            fallback.acquire(waiter.kind, remainingMs).then(waiter.resolve, waiter.reject);
          }
          return;
        }
        let soonest = Infinity;
        for (const kind of KINDS_BY_PRIORITY) {
          const waiter = this.#waiting.find((w) => w.kind === kind);
          if (!waiter) continue;
          const wait = await this.#ask(kind);
          if (wait.ms === 0) {
            this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
            waiter.resolve();
            soonest = 0;
            continue;
          }
          this.#turnAway(kind, wait);
          soonest = Math.min(soonest, wait.ms);
        }
        if (soonest > 0 && soonest < Infinity) await sleep(Math.min(soonest, 1_000));
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** One atomic check-and-spend in Redis; a failed command counts as a short 'shared' wait. */
  async #ask(kind: CallKind): Promise<Wait> {
    const now = Date.now();
    try {
      const answer = (await this.#redis.script(ACQUIRE, budgetKeys(now), [
        ...this.#argv(now),
        kind,
      ])) as [number, BudgetReason, number, number, number];
      const [ms, reason, callsLastMinute, callsThisMonth, monthlyAllowanceSoFar] = answer;
      const wait = { ms, reason };
      this.#last = {
        at: now,
        waits: { ...this.#last.waits, [kind]: wait },
        usage: { callsLastMinute, callsThisMonth, monthlyAllowanceSoFar },
      };
      return wait;
    } catch {
      return { ms: 1_000, reason: 'shared' };
    }
  }

  /** Rejects the waiters of this kind that could not go by their deadline. */
  #turnAway(kind: CallKind, wait: Wait): void {
    const now = Date.now();
    for (const waiter of [...this.#waiting]) {
      if (waiter.kind === kind && now + wait.ms > waiter.deadline) {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        waiter.reject(new BudgetExhaustedError(wait.reason, wait.ms));
      }
    }
  }
}
