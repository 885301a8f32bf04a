// The upstream budget shared by every server (REDIS_URL): the plan's own numbers, checked
// and spent in one atomic step in Redis, so racing servers never exceed it.
import {
  BudgetExhaustedError,
  KINDS_BY_PRIORITY,
  UpstreamBudget,
  type Budget,
  type BudgetReason,
  type BudgetSettings,
  type BudgetUsage,
  type CallKind,
  type Wait,
} from '../marketGateway/upstreamBudget';
import { WINDOW_LUA, calendarMonth } from './lua';
import { KEY_PREFIX, type SharedRedis } from './sharedRedis';

const MINUTE_MS = 60_000;
/** After Redis goes, no upstream call for this long: another server's spending is unknown. */
export const OUTAGE_PAUSE_MS = 60_000;
const PREFIX = `${KEY_PREFIX}budget:`;
const MAX_FAILURE_PAUSE_MS = 30_000;

/** The budget's keys: KEYS[1] to KEYS[5] of its scripts. */
function budgetKeys(now: number): string[] {
  const month = calendarMonth(now);
  return [
    `${PREFIX}calls`, // every call of the last minute (a sorted set of times)
    `${PREFIX}other-calls`, // other calls of the last minute
    `${PREFIX}state`, // the price bucket's tokens, the pause, failures in a row
    `${PREFIX}month:${month.name}`, // this month's calls: all, other
    `${PREFIX}since`, // when the budget was first used: pacing starts there or with the month
  ];
}

/**
 * The budget's rule in Lua (UpstreamBudget's, over shared keys): budget_wait(kind) answers
 * the ms until a call of this kind may go and why; budget_take(kind, tokens) spends it.
 * ARGV[1..9]: calls a minute, other calls a minute, price bucket size, monthly calls, other
 * share, head start, month start, month end, a unique member for this call.
 */
export const BUDGET_LUA = `${WINDOW_LUA}
local per_minute, other_per_minute, bucket = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local monthly, other_share, head = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local month_start, month_end, member = tonumber(ARGV[7]), tonumber(ARGV[8]), ARGV[9]
local function budget_wait(kind)
  local other = kind == 'other'
  local wait, reason = 0, 'minute'
  local function consider(ms, why) if ms > wait then wait, reason = ms, why end end
  local state = redis.call('HMGET', KEYS[3], 'pauseUntil', 'pauseReason', 'tokens', 'tokensAt')
  consider((tonumber(state[1]) or 0) - now, state[2] or 'failing')
  consider(window_wait(KEYS[1], per_minute, 60000), 'minute')
  if other then consider(window_wait(KEYS[2], other_per_minute, 60000), 'minute') end
  redis.call('SET', KEYS[5], now, 'NX')
  local from = math.max(month_start, tonumber(redis.call('GET', KEYS[5])))
  local month = redis.call('HMGET', KEYS[4], 'all', 'other')
  consider(month_wait(tonumber(month[1]) or 0, monthly, head, from, month_start, month_end), 'month')
  if other then
    consider(month_wait(tonumber(month[2]) or 0, monthly * other_share, head * other_share,
      from, month_start, month_end), 'month')
  end
  local tokens = math.min(bucket,
    (tonumber(state[3]) or bucket) + (now - (tonumber(state[4]) or now)) * per_minute / 60000)
  if not other and tokens < 1 then
    consider(math.ceil((1 - tokens) * 60000 / per_minute), 'minute')
  end
  return math.ceil(wait), reason, tokens
end
local function budget_take(kind, tokens)
  record(KEYS[1], 60000, member)
  redis.call('HINCRBY', KEYS[4], 'all', 1)
  redis.call('PEXPIREAT', KEYS[4], month_end + 86400000)
  if kind == 'other' then
    record(KEYS[2], 60000, member)
    redis.call('HINCRBY', KEYS[4], 'other', 1)
  else
    redis.call('HSET', KEYS[3], 'tokens', tokens - 1, 'tokensAt', now)
  end
end
`;

/**
 * ARGV[10]: the kind. Answers the wait (0: spent), its reason, and for reports the calls of
 * the last minute, this month's calls and the month's allowance so far.
 */
const ACQUIRE = `${BUDGET_LUA}
local wait, reason, tokens = budget_wait(ARGV[10])
if wait == 0 then budget_take(ARGV[10], tokens) end
local from = math.max(month_start, tonumber(redis.call('GET', KEYS[5])))
local allowance = math.min(monthly, head + monthly * (now - from) / (month_end - month_start))
local used = tonumber(redis.call('HGET', KEYS[4], 'all')) or 0
return {wait, reason, redis.call('ZCARD', KEYS[1]), used, math.floor(allowance)}
`;

/** ARGV: 'rateLimited' with its ms, 'failed', or 'succeeded'. Pauses only ever lengthen. */
const OUTCOME = `${WINDOW_LUA}
local ms, reason = 0, ARGV[1]
if reason == 'succeeded' then redis.call('HSET', KEYS[1], 'failures', 0) return 0 end
if reason == 'failed' then
  local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
  ms, reason = math.min(1000 * 2 ^ (failures - 1), tonumber(ARGV[3])), 'failing'
else
  ms = tonumber(ARGV[2])
end
if now + ms > (tonumber(redis.call('HGET', KEYS[1], 'pauseUntil')) or 0) then
  redis.call('HSET', KEYS[1], 'pauseUntil', now + ms, 'pauseReason', reason)
end
return ms
`;

/**
 * What a fallback spent while Redis was away joins the shared windows and month.
 * ARGV: member, month's calls, month's other calls, n, n other, n call times, n other times.
 */
const REJOIN = `
local member, n, n_other = ARGV[1], tonumber(ARGV[4]), tonumber(ARGV[5])
for i = 1, n do redis.call('ZADD', KEYS[1], ARGV[5 + i], ARGV[5 + i] .. ':' .. member .. i) end
for i = 1, n_other do
  redis.call('ZADD', KEYS[2], ARGV[5 + n + i], ARGV[5 + n + i] .. ':' .. member .. i)
end
redis.call('PEXPIRE', KEYS[1], 60000)
redis.call('PEXPIRE', KEYS[2], 60000)
redis.call('HINCRBY', KEYS[4], 'all', ARGV[2])
redis.call('HINCRBY', KEYS[4], 'other', ARGV[3])
return 1
`;

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
 * (docs/decisions/0034-several-servers-share-one-redis.md).
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
    const { callsPerMinute, monthlyCalls, pricesReservedShare } = settings;
    const otherShare = 1 - pricesReservedShare;
    this.#argv = (now) => {
      const month = calendarMonth(now);
      this.#calls += 1;
      return [
        callsPerMinute,
        Math.max(1, Math.floor(callsPerMinute * otherShare)),
        Math.max(2, Math.ceil(callsPerMinute / 3)),
        monthlyCalls,
        otherShare,
        Math.max(1, monthlyCalls / 100),
        month.start,
        month.end,
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
    const ms = Math.min(Math.max(retryAfterMs ?? 30_000, 1000), 5 * MINUTE_MS);
    void this.#outcome('rateLimited', ms);
  }

  failed(): void {
    const fallback = this.#local();
    if (fallback) return fallback.failed();
    void this.#outcome('failed', 0);
  }

  succeeded(): void {
    const fallback = this.#local();
    if (fallback) return fallback.succeeded();
    void this.#outcome('succeeded', 0);
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

  async #outcome(kind: 'rateLimited' | 'failed' | 'succeeded', ms: number): Promise<void> {
    const keys = [budgetKeys(Date.now())[2] ?? ''];
    await this.#redis.script(OUTCOME, keys, [kind, ms, MAX_FAILURE_PAUSE_MS]).catch(() => 0);
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
