import { Redis } from 'ioredis';
import * as v from 'valibot';
import { addressSchema, chainIdSchema } from '@token-portfolio/shared/auth-bodies';
import {
  MAX_SESSIONS_PER_ADDRESS,
  SessionStoreFullError,
  type SessionRecord,
  type SessionStore,
} from './sessionStore';

const KEY_PREFIX = 'token-portfolio:auth:';

// What another server (or an older version) wrote is checked like any input.
const sessionRecordSchema = v.object({ address: addressSchema, chainId: chainIdSchema });

/** Redis refuses writes when full under `maxmemory-policy noeviction` with an OOM error. */
const isOutOfMemory = (error: unknown) => error instanceof Error && /^OOM\b/.test(error.message);

/**
 * Opens a session and keeps its address's list (a sorted set of session ids by expiry, so
 * oldest first) at most `max` long, atomically: the sessions beyond it are deleted.
 * KEYS: session key, address key. ARGV: id, record, ttl ms, expiry ms, now ms, max, prefix.
 */
const OPEN_SESSION = `
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
local extra = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[6])
if extra > 0 then
  -- ZPOPMIN answers id, score, id, score...
  for i, item in ipairs(redis.call('ZPOPMIN', KEYS[2], extra)) do
    if i % 2 == 1 then redis.call('DEL', ARGV[7] .. item) end
  end
end
return 1
`;

/**
 * The store for several server instances (REDIS_URL=redis://…): every entry expires in
 * Redis itself (PX), so nothing needs sweeping. Its bound is Redis's `maxmemory`; run it
 * with `maxmemory-policy noeviction` so that a full Redis refuses new sign-ins instead of
 * evicting live sessions. Given a connection (the server's shared one), it leaves closing
 * it to its owner; given a URL, it opens and closes its own.
 */
export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;
  private readonly ownsConnection: boolean;
  readonly available: () => boolean;

  constructor(
    connection: Redis | string,
    private readonly now: () => number = Date.now,
    {
      onError = () => {},
      reachable = () => true,
    }: {
      onError?: (error: Error) => void;
      /** Whether Redis answers now (its owner's health check); assumed when not told. */
      reachable?: () => boolean;
    } = {},
  ) {
    this.available = reachable;
    this.ownsConnection = typeof connection === 'string';
    // A request fails after one reconnect attempt rather than waiting for Redis forever.
    this.redis =
      typeof connection === 'string'
        ? new Redis(connection, { maxRetriesPerRequest: 1, connectTimeout: 5_000 })
        : connection;
    if (this.ownsConnection) this.redis.on('error', onError);
  }

  private ttl(expiresAt: number): number {
    return Math.max(1, Math.ceil(expiresAt - this.now()));
  }

  private async write<T>(command: Promise<T>): Promise<T> {
    try {
      return await command;
    } catch (error) {
      if (isOutOfMemory(error)) throw new SessionStoreFullError('The session store is full.');
      throw error;
    }
  }

  async useNonce(nonce: string, expiresAt: number): Promise<boolean> {
    const key = `${KEY_PREFIX}nonce:${nonce}`;
    const set = await this.write(this.redis.set(key, '1', 'PX', this.ttl(expiresAt), 'NX'));
    return set === 'OK';
  }

  async openSession(id: string, record: SessionRecord, expiresAt: number): Promise<void> {
    const sessionPrefix = `${KEY_PREFIX}session:`;
    await this.write(
      this.redis.eval(
        OPEN_SESSION,
        2,
        `${sessionPrefix}${id}`,
        `${KEY_PREFIX}address:${record.address}`,
        id,
        JSON.stringify(record),
        this.ttl(expiresAt),
        expiresAt,
        this.now(),
        MAX_SESSIONS_PER_ADDRESS,
        sessionPrefix,
      ),
    );
  }

  async findSession(id: string): Promise<SessionRecord | null> {
    const text = await this.redis.get(`${KEY_PREFIX}session:${id}`);
    if (text === null) return null;
    try {
      const record = v.safeParse(sessionRecordSchema, JSON.parse(text));
      return record.success ? record.output : null;
    } catch {
      return null;
    }
  }

  async closeSession(id: string): Promise<void> {
    await this.redis.del(`${KEY_PREFIX}session:${id}`);
  }

  async close(): Promise<void> {
    if (!this.ownsConnection) return;
    // quit() waits for Redis to answer; a store that never connected just stops trying.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}
