// The market data shared by every server: in Redis, capped and expiring, with each server's
// own memory cache in front (and alone while Redis is unreachable).
import {
  createAnswerCache,
  entryOf,
  type AnswerCache,
  type CacheEntry,
  type MarketStore,
  type StoredEntry,
} from '../marketGateway/answerCache';
import { coinKey } from '../marketGateway/priceBatcher';
import { NOW_LUA } from './lua';
import { KEY_PREFIX, type SharedRedis } from './sharedRedis';

const ENTRY_PREFIX = `${KEY_PREFIX}market:`;
/** Where each coin's price entry is (its value starts with its fetch time). */
export const COIN_ENTRY_PREFIX = `${ENTRY_PREFIX}${coinKey('')}`;
/** Each entry's size, each entry by when it expires, and their total. */
const BOOKKEEPING = ['sizes', 'expiry', 'bytes'].map((name) => `${KEY_PREFIX}market-${name}`);
/** Bookkeeping per entry on top of its key and value, roughly. */
const ENTRY_OVERHEAD_BYTES = 100;

/**
 * Writes entries and keeps their total under the cap: entries past their keep time leave
 * the books first, then those nearest their expiry until the total fits. An entry larger
 * than the cap is not written. KEYS: sizes, expiry, bytes. ARGV: cap, key prefix, then
 * key, value, keep ms for each entry. Every entry also expires in Redis itself (PX).
 */
const WRITE = `${NOW_LUA}
local cap, prefix = tonumber(ARGV[1]), ARGV[2]
local total = tonumber(redis.call('GET', KEYS[3])) or 0
local function drop(key)
  local size = tonumber(redis.call('HGET', KEYS[1], key))
  if size then total = total - size end
  redis.call('HDEL', KEYS[1], key)
  redis.call('ZREM', KEYS[2], key)
  redis.call('DEL', prefix .. key)
end
for _, key in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 100)) do
  drop(key)
end
for i = 3, #ARGV, 3 do
  local key, value, keep = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2])
  drop(key)
  local size = #key + #value + ${ENTRY_OVERHEAD_BYTES}
  if size <= cap then
    redis.call('SET', prefix .. key, value, 'PX', keep)
    redis.call('HSET', KEYS[1], key, size)
    redis.call('ZADD', KEYS[2], now + keep, key)
    total = total + size
  end
end
while total > cap do
  local first = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
  if not first then total = 0 break end
  drop(first)
end
redis.call('SET', KEYS[3], total)
return total
`;

/** "<fetchedAt> <keep until> N" for a coin upstream does not know, "… J<json>" otherwise. */
const encode = ({ fetchedAt, text }: CacheEntry, keepUntil: number) =>
  `${fetchedAt} ${keepUntil} ${text === null ? 'N' : `J${text}`}`;

function decode(value: string): { entry: CacheEntry; keepUntil: number } | null {
  const match = /^(\d+) (\d+) ([NJ])/.exec(value);
  if (!match) return null;
  const text = match[3] === 'J' ? value.slice(match[0].length) : null;
  return { entry: { fetchedAt: Number(match[1]), text }, keepUntil: Number(match[2]) };
}

/**
 * Market data for all servers: an entry fetched by one server answers on every other one.
 * Reads take what this server's memory holds fresh and ask Redis for the rest; writes go to
 * both. Redis holds at most `maxBytes` of it (MARKET_GATEWAY_CACHE_MB), so it can never
 * fill Redis and make sign-in fail under `noeviction`.
 */
export class SharedMarketStore implements MarketStore {
  readonly #memory: AnswerCache;

  constructor(
    private readonly redis: SharedRedis,
    private readonly maxBytes: number,
  ) {
    this.#memory = createAnswerCache(maxBytes);
  }

  async read(keys: readonly string[], freshMs: number): Promise<Map<string, CacheEntry>> {
    const now = Date.now();
    const found = new Map(keys.flatMap((key) => entryOf(this.#memory, key)));
    const ask = keys.filter((key) => !(now - (found.get(key)?.fetchedAt ?? -Infinity) < freshMs));
    if (ask.length === 0 || !this.redis.up) return found;
    const values = await this.redis.client
      .mget(ask.map((key) => ENTRY_PREFIX + key))
      .catch(() => []);
    ask.forEach((key, i) => {
      const stored = decode(values[i] ?? '');
      const held = found.get(key);
      if (!stored || (held && held.fetchedAt >= stored.entry.fetchedAt)) return;
      found.set(key, stored.entry);
      this.#memory.set(key, stored.entry, { ttl: Math.max(1, stored.keepUntil - now) });
    });
    return found;
  }

  async write(entries: readonly StoredEntry[]): Promise<void> {
    const now = Date.now();
    for (const { key, entry, keepMs } of entries) this.#memory.set(key, entry, { ttl: keepMs });
    if (!this.redis.up || entries.length === 0) return;
    const args = entries.flatMap(({ key, entry, keepMs }) => [
      key,
      encode(entry, now + keepMs),
      keepMs,
    ]);
    await this.redis
      .script(WRITE, BOOKKEEPING, [this.maxBytes, ENTRY_PREFIX, ...args])
      .catch(() => 0); // kept in memory; another server will write it again
  }

  usage() {
    return { bytes: this.#memory.calculatedSize, entries: this.#memory.size };
  }
}
