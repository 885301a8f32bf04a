import { Redis } from 'ioredis';
import * as v from 'valibot';
import { addressSchema, chainIdSchema } from '@token-portfolio/shared/auth-bodies';
import { SessionStoreFullError, type SessionRecord, type SessionStore } from './sessionStore';

const KEY_PREFIX = 'token-portfolio:auth:';

// What another server (or an older version) wrote is checked like any input.
const sessionRecordSchema = v.object({ address: addressSchema, chainId: chainIdSchema });

/** Redis refuses writes when full under `maxmemory-policy noeviction` with an OOM error. */
const isOutOfMemory = (error: unknown) => error instanceof Error && /^OOM\b/.test(error.message);

/**
 * The store for several server instances (SESSION_STORE_URL=redis://…): every entry expires
 * in Redis itself (PX), so nothing needs sweeping. Its bound is Redis's `maxmemory`; run it
 * with `maxmemory-policy noeviction` so that a full Redis refuses new sign-ins instead of
 * evicting live sessions.
 */
export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly now: () => number = Date.now,
    onError: (error: Error) => void = () => {},
  ) {
    // A request fails after one reconnect attempt rather than waiting for Redis forever.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000 });
    this.redis.on('error', onError);
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
    const key = `${KEY_PREFIX}session:${id}`;
    await this.write(this.redis.set(key, JSON.stringify(record), 'PX', this.ttl(expiresAt)));
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
    // quit() waits for Redis to answer; a store that never connected just stops trying.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}
