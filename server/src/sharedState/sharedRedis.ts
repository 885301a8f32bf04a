// The one Redis every server of a deployment shares (REDIS_URL), as a state machine: up or
// down by its PING each second (docs/architecture.md#several-servers-one-service).
import { createHash, randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';

/** Every key we write starts with this (one Redis may serve other things too). */
export const KEY_PREFIX = 'token-portfolio:';

/** PINGs in a row that fail before Redis counts as down, and that succeed before it is back. */
export const DOWN_AFTER_FAILURES = 3;
export const UP_AFTER_SUCCESSES = 3;
const PING_EVERY_MS = 1_000;
/**
 * A command (or PING) slower than this fails: a hung Redis must not hold requests for
 * long, and a busy machine's slow answer is not an outage (three in a row are).
 */
const COMMAND_TIMEOUT_MS = 2_000;
/** A server that has not beaten its heart for this long is no longer counted alive. */
const HEARTBEAT_LIFETIME_MS = 5_000;
const SERVERS_KEY = `${KEY_PREFIX}servers`;

export interface SharedRedisLog {
  warn(message: string): void;
}

/**
 * Options of every connection: commands fail at once while Redis is unreachable (no
 * offline queue) or after COMMAND_TIMEOUT_MS, so a caller falls back instead of waiting;
 * reconnecting goes on every second at most. Works with ioredis 5 and 6.
 */
const CONNECTION_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  retryStrategy: (attempt: number) => Math.min(100 * attempt, 1_000),
};

/** ZADD this server, drop the silent ones, count the rest. KEYS: servers; ARGV: id, ms. */
const HEARTBEAT = `
local now = redis.call('TIME')
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
redis.call('ZADD', KEYS[1], ms, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])
`;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * One connection per server to the shared Redis, its health and the servers alive.
 *
 * - `up` turns false after DOWN_AFTER_FAILURES failed PINGs in a row (one slow call is not
 *   an outage) and true again after UP_AFTER_SUCCESSES good ones; listeners hear each
 *   change once, and the log says it once each way (never per request).
 * - Each server beats its heart (a sorted set of server ids by time) with each good PING;
 *   `serversAlive` is the count last seen, kept while Redis is down.
 * - `subscriber()` gives a second connection for subscribe mode (publish/subscribe).
 * - `close()` stops the heart (this server no longer counts) and closes every connection.
 */
export class SharedRedis {
  readonly client: Redis;
  /** This server among those sharing the Redis. */
  readonly serverId = randomUUID();
  #up = false;
  /** Whether Redis has answered since this server started. */
  #everUp = false;
  #streak = 0;
  #serversAlive = 1;
  readonly #listeners = new Set<(up: boolean) => void>();
  readonly #subscribers: Redis[] = [];
  readonly #timer: ReturnType<typeof setInterval>;
  readonly #scriptShas = new Map<string, string>();
  readonly #log: SharedRedisLog;
  #ticking = false;
  #closed = false;

  constructor(url: string, log: SharedRedisLog) {
    this.#log = log;
    this.client = new Redis(url, CONNECTION_OPTIONS);
    // Connection errors are the health check's to report (once), not one log line each.
    this.client.on('error', () => {});
    this.#timer = setInterval(() => void this.#tick(), PING_EVERY_MS);
    this.#timer.unref();
  }

  get up(): boolean {
    return this.#up;
  }

  /** Whether this server has ever reached Redis (and so knows how many servers there are). */
  get everUp(): boolean {
    return this.#everUp;
  }

  /** Servers beating their hearts when last seen (this one included), at least 1. */
  get serversAlive(): number {
    return this.#serversAlive;
  }

  /** Hears `true` when Redis comes back, `false` when it goes; returns the unsubscribe. */
  onChange(listener: (up: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves once Redis is up, or false after `ms` (the server then starts without it). */
  async ready(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.#closed && Date.now() < deadline) {
      await this.#tick();
      if (this.#up) return true;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return this.#up;
  }

  /** A new connection for subscribe mode (a connection that subscribes can do nothing else). */
  subscriber(): Redis {
    const connection = this.client.duplicate(CONNECTION_OPTIONS);
    connection.on('error', () => {});
    this.#subscribers.push(connection);
    return connection;
  }

  /** Runs a Lua script (by its hash once Redis knows it). Rejects while Redis is down. */
  async script(source: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    if (!this.#up) throw new RedisDownError();
    let sha = this.#scriptShas.get(source);
    if (sha === undefined) this.#scriptShas.set(source, (sha = sha1(source)));
    try {
      return await this.client.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.client.eval(source, keys.length, ...keys, ...args);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    if (this.#up) await this.client.zrem(SERVERS_KEY, this.serverId).catch(() => 0);
    await Promise.all(
      [this.client, ...this.#subscribers].map((connection) =>
        connection.status === 'ready'
          ? connection.quit().catch(() => connection.disconnect())
          : connection.disconnect(),
      ),
    );
  }

  async #tick(): Promise<void> {
    if (this.#ticking || this.#closed) return;
    this.#ticking = true;
    try {
      await this.client.ping();
      const alive = await this.client.eval(
        HEARTBEAT,
        1,
        SERVERS_KEY,
        this.serverId,
        HEARTBEAT_LIFETIME_MS,
      );
      this.#serversAlive = Math.max(1, Number(alive));
      this.#count(true);
    } catch {
      this.#count(false);
    } finally {
      this.#ticking = false;
    }
  }

  /** Counts a PING in its streak; a long enough streak the other way changes the state. */
  #count(ok: boolean): void {
    if (ok === this.#up) {
      this.#streak = 0;
      return;
    }
    this.#streak += 1;
    // The first answer after a start counts at once: there was no outage to recover from.
    const needed = ok ? (this.#everUp ? UP_AFTER_SUCCESSES : 1) : DOWN_AFTER_FAILURES;
    if (this.#streak < needed) return;
    this.#streak = 0;
    this.#up = ok;
    if (ok && !this.#everUp) {
      this.#everUp = true;
    } else {
      this.#log.warn(
        ok
          ? 'Redis is back: shared state again (limits, budget, market data, sessions).'
          : `Redis is unreachable (${DOWN_AFTER_FAILURES} PINGs failed): each server answers from its own memory and spends at most its part of the plan; sign-in is unavailable until it answers again.`,
      );
    }
    for (const listener of this.#listeners) listener(ok);
  }
}

/** A shared operation was not tried: Redis counts as down. */
export class RedisDownError extends Error {
  override readonly name = 'RedisDownError';
  constructor() {
    super('Redis is unreachable');
  }
}
