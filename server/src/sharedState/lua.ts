// Lua shared by the scripts that check and spend a shared window in one atomic step.

/** `now`: Redis's own clock in ms, the one clock of every server sharing it. */
export const NOW_LUA = `
local clock = redis.call('TIME')
local now = clock[1] * 1000 + math.floor(clock[2] / 1000)
`;

/**
 * window_wait(key, limit, window): ms until one more event fits `limit` in any `window` ms
 * (the key's sorted set holds the events' times; older ones are dropped first).
 * month_wait(used, calls, head, from, month_start, month_end): ms until one more call fits a
 * monthly budget paced from `from` (monthlyPacing.ts, the same rule).
 */
export const WINDOW_LUA = `${NOW_LUA}
local function window_wait(key, limit, window)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count < limit then return 0 end
  local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
local function month_wait(used, calls, head, from, month_start, month_end)
  local length = month_end - month_start
  local allowance = math.min(calls, head + calls * (now - from) / length)
  if allowance >= used + 1 then return 0 end
  if used + 1 > calls then return month_end - now end
  local at = from + (used + 1 - head) * length / calls
  return math.max(1, math.ceil(math.min(at, month_end) - now))
end
local function record(key, window, member)
  redis.call('ZADD', key, now, now .. ':' .. member)
  redis.call('PEXPIRE', key, window)
end
`;

/** The calendar month (UTC) of `now`: its key suffix, start and end. */
export function calendarMonth(now: number) {
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return { name: date.toISOString().slice(0, 7), start, end };
}
