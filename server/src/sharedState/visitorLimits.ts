// Each visitor's limits, shared by every server: one limit whichever server answers, with
// today's meaning ("at most N in any 60 s"), each checked and counted in one Lua script.
import {
  ClientRateLimiter,
  type VisitorLimit,
} from '@token-portfolio/shared/server/clientRateLimiter';
import type { MarketGatewaySettings } from '../marketGateway/settings';
import {
  VisitorShares,
  visitorMonthShares,
  type VisitorCall,
} from '../marketGateway/visitorShares';
import { WINDOW_LUA, calendarMonth } from './lua';
import { KEY_PREFIX, type SharedRedis } from './sharedRedis';

/** A visitor's monthly share is forgotten after a day without a call (it starts again). */
const MONTH_SHARE_IDLE_MS = 24 * 3_600_000;

/**
 * KEYS[1]: the visitor's recent events (a sorted set of times); KEYS[2], when given: its
 * month of this kind (a hash: from, used). ARGV: limit, window ms, a unique member, and with
 * a month: its calls, head start, start, end, idle ms. Answers 0 (counted) or the ms to wait.
 */
const TAKE = `${WINDOW_LUA}
local wait = window_wait(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
if KEYS[2] then
  local month_end = tonumber(ARGV[7])
  local state = redis.call('HMGET', KEYS[2], 'from', 'used')
  wait = math.max(wait, month_wait(tonumber(state[2]) or 0, tonumber(ARGV[4]),
    tonumber(ARGV[5]), tonumber(state[1]) or now, tonumber(ARGV[6]), month_end))
  if wait > 0 then return wait end
  redis.call('HSETNX', KEYS[2], 'from', now)
  redis.call('HINCRBY', KEYS[2], 'used', 1)
  redis.call('PEXPIRE', KEYS[2], math.min(tonumber(ARGV[8]), month_end - now + 60000))
end
if wait > 0 then return wait end
record(KEYS[1], tonumber(ARGV[2]), ARGV[3])
return 0
`;

const visitorKey = (visitor: string, what: string) => `${KEY_PREFIX}visitor:${visitor}:${what}`;

/** Runs TAKE; null when counted, else the ms to wait. Throws when Redis fails. */
async function take(redis: SharedRedis, keys: string[], args: (string | number)[]) {
  const waitMs = Number(await redis.script(TAKE, keys, args));
  return waitMs > 0 ? waitMs : null;
}

let events = 0;
/** A member no other event of any server has. */
const uniqueMember = (redis: SharedRedis) => `${redis.serverId}:${(events += 1)}`;

/**
 * At most `limit` events per visitor in any `windowMs`, counted in Redis for all servers;
 * while Redis is unreachable, counted in this process alone.
 */
export class SharedVisitorLimit implements VisitorLimit {
  readonly #local: ClientRateLimiter;

  constructor(
    private readonly redis: SharedRedis,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.#local = new ClientRateLimiter(limit, windowMs);
  }

  async take(visitor: string): Promise<number | null> {
    if (!this.redis.up) return this.#local.take(visitor);
    const member = uniqueMember(this.redis);
    const args = [this.limit, this.windowMs, member];
    return take(this.redis, [visitorKey(visitor, this.name)], args).catch(() =>
      this.#local.take(visitor),
    );
  }
}

/**
 * Each visitor's share of the upstream budget (VisitorShares' rule: calls in any minute per
 * kind of request, and a share of its kind's monthly pace), shared by all servers.
 */
export class SharedVisitorShares {
  readonly #local: VisitorShares;
  readonly #perMinute: Record<VisitorCall, number>;
  readonly #month: ReturnType<typeof visitorMonthShares>;

  constructor(
    private readonly redis: SharedRedis,
    settings: MarketGatewaySettings,
  ) {
    this.#local = new VisitorShares(settings);
    this.#perMinute = {
      prices: settings.priceCallsPerClientPerMinute,
      search: settings.searchesPerClientPerMinute,
      page: settings.pagesPerClientPerMinute,
    };
    this.#month = visitorMonthShares(settings);
  }

  async take(visitor: string, call: VisitorCall): Promise<number | null> {
    if (!this.redis.up) return this.#local.take(visitor, call);
    const now = Date.now();
    const month = calendarMonth(now);
    const kind = call === 'prices' ? 'prices' : 'other';
    const keys = [visitorKey(visitor, call), visitorKey(visitor, `${kind}:${month.name}`)];
    const { calls, headStart } = this.#month[kind];
    const args = [this.#perMinute[call], 60_000, uniqueMember(this.redis)];
    return take(this.redis, keys, [
      ...args,
      calls,
      headStart,
      month.start,
      month.end,
      MONTH_SHARE_IDLE_MS,
    ]).catch(() => this.#local.take(visitor, call));
  }
}
