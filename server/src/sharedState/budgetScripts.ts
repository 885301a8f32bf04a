// The shared budget's scripts: UpstreamBudget's rule in Lua, over keys every server shares.
import { NOW_LUA, WINDOW_LUA, calendarMonth } from './lua';
import { WINDOW_MS } from '../marketGateway/upstreamBudget';
import { KEY_PREFIX } from './sharedRedis';

const PREFIX = `${KEY_PREFIX}budget:`;

/** The budget's keys: KEYS[1] to KEYS[5] of its scripts. */
export function budgetKeys(now: number): string[] {
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
  consider(window_wait(KEYS[1], per_minute, ${WINDOW_MS}), 'minute')
  if other then consider(window_wait(KEYS[2], other_per_minute, ${WINDOW_MS}), 'minute') end
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
  record(KEYS[1], ${WINDOW_MS}, member)
  redis.call('HINCRBY', KEYS[4], 'all', 1)
  redis.call('PEXPIREAT', KEYS[4], month_end + 86400000)
  if kind == 'other' then
    record(KEYS[2], ${WINDOW_MS}, member)
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
export const ACQUIRE = `${BUDGET_LUA}
local wait, reason, tokens = budget_wait(ARGV[10])
if wait == 0 then budget_take(ARGV[10], tokens) end
local from = math.max(month_start, tonumber(redis.call('GET', KEYS[5])))
local allowance = math.min(monthly, head + monthly * (now - from) / (month_end - month_start))
local used = tonumber(redis.call('HGET', KEYS[4], 'all')) or 0
return {wait, reason, redis.call('ZCARD', KEYS[1]), used, math.floor(allowance)}
`;

/**
 * An upstream call's outcome. ARGV: 'succeeded'; 'failed'; or 'rateLimited', 'pause', ms.
 * A failure answers the failures in a row, for the caller to pause (a pause only lengthens).
 */
export const OUTCOME = `${NOW_LUA}
if ARGV[1] == 'succeeded' then return redis.call('HSET', KEYS[1], 'failures', 0) end
if ARGV[1] == 'failed' then return redis.call('HINCRBY', KEYS[1], 'failures', 1) end
if now + tonumber(ARGV[3]) > (tonumber(redis.call('HGET', KEYS[1], 'pauseUntil')) or 0) then
  redis.call('HSET', KEYS[1], 'pauseUntil', now + tonumber(ARGV[3]), 'pauseReason', ARGV[2])
end
return 0
`;

/**
 * What a fallback spent while Redis was away joins the shared windows and month.
 * ARGV: member, month's calls, month's other calls, n, n other, n call times, n other times.
 */
export const REJOIN = `
local member, n, n_other = ARGV[1], tonumber(ARGV[4]), tonumber(ARGV[5])
for i = 1, n do redis.call('ZADD', KEYS[1], ARGV[5 + i], ARGV[5 + i] .. ':' .. member .. i) end
for i = 1, n_other do
  redis.call('ZADD', KEYS[2], ARGV[5 + n + i], ARGV[5 + n + i] .. ':' .. member .. i)
end
redis.call('PEXPIRE', KEYS[1], ${WINDOW_MS})
redis.call('PEXPIRE', KEYS[2], ${WINDOW_MS})
redis.call('HINCRBY', KEYS[4], 'all', ARGV[2])
redis.call('HINCRBY', KEYS[4], 'other', ARGV[3])
return 1
`;
