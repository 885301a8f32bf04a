// The shared price queue's scripts: what state each coin is in, queueing ids, and taking a
// batch in the same atomic step as the budget is spent.
import { BUDGET_LUA } from './budgetScripts';
import { NOW_LUA } from './lua';

/**
 * coin_state(id, waiting key, fetching prefix, entry prefix, fresh since): FRESH when the
 * store holds an entry fetched since then, FETCHING while a server's lock holds it, WAITING
 * in the queue, else NONE (the entry's value starts with its fetch time).
 */
const COIN_STATE_LUA = `
local FRESH, FETCHING, WAITING, NONE = 0, 1, 2, 3
local function coin_state(id, waiting, fetching, entries, fresh_since)
  local head = redis.call('GETRANGE', entries .. id, 0, 15)
  if (tonumber(string.match(head, '^%d+') or '0')) >= fresh_since then return FRESH end
  if redis.call('EXISTS', fetching .. id) == 1 then return FETCHING end
  if redis.call('ZSCORE', waiting, id) then return WAITING end
  return NONE
end
`;
export const CoinState = { Fresh: 0, Fetching: 1, Waiting: 2, None: 3 } as const;
export type CoinState = (typeof CoinState)[keyof typeof CoinState];

/**
 * KEYS[1]: waiting. ARGV: fetching prefix, entry prefix, fresh since, then ids. Answers
 * each id's CoinState.
 */
export const STATUS = `${COIN_STATE_LUA}
local states = {}
for i = 4, #ARGV do
  states[i - 3] = coin_state(ARGV[i], KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3]))
end
return states
`;

/**
 * Queues the ids no server fetches or queued yet. KEYS[1]: waiting. ARGV: as STATUS's, then
 * most waiting, lifetime, then ids. Answers each id's CoinState (queued now: WAITING), or -1
 * when the queue is full.
 */
export const WANT = `${NOW_LUA}${COIN_STATE_LUA}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[5]))
if redis.call('ZCARD', KEYS[1]) + #ARGV - 5 > tonumber(ARGV[4]) then return -1 end
local states = {}
for i = 6, #ARGV do
  local state = coin_state(ARGV[i], KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3]))
  if state == NONE then
    redis.call('ZADD', KEYS[1], 'NX', now, ARGV[i])
    state = WAITING
  end
  states[i - 5] = state
end
return states
`;

/**
 * One price call, if the budget allows it now: up to 250 waiting ids (those fetched fresh
 * meanwhile leave the queue) are taken and locked as this server's, in the same atomic step
 * as the budget is spent. KEYS[1..5]: the budget's; KEYS[6]: waiting. ARGV[1..9]: the
 * budget's; then batch size, lock ms, fetching prefix, server id, lifetime, entry prefix,
 * fresh since. Answers {-1} (nothing to fetch), {wait, reason}, or {0, _, ids…}.
 */
export const TAKE_BATCH = `${BUDGET_LUA}${COIN_STATE_LUA}
local batch, fetching, entries = tonumber(ARGV[10]), ARGV[12], ARGV[15]
redis.call('ZREMRANGEBYSCORE', KEYS[6], '-inf', now - tonumber(ARGV[14]))
local ids = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[6], 0, 2 * batch - 1)) do
  if coin_state(id, KEYS[6], fetching, entries, tonumber(ARGV[16])) == FRESH then
    redis.call('ZREM', KEYS[6], id)
  elseif #ids < batch then
    ids[#ids + 1] = id
  end
end
if #ids == 0 then return {-1} end
local wait, reason, tokens = budget_wait('prices')
if wait > 0 then return {wait, reason} end
budget_take('prices', tokens)
redis.call('ZREM', KEYS[6], unpack(ids))
for _, id in ipairs(ids) do redis.call('SET', fetching .. id, ARGV[13], 'PX', ARGV[11]) end
return {0, reason, unpack(ids)}
`;
