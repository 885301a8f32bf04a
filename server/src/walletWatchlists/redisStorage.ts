// With REDIS_URL: every server keeps the wallets' watchlists in the shared Redis and tells
// the others by publish/subscribe (docs/architecture.md#the-wallets-watchlist-on-the-server).
import type { Redis } from 'ioredis';
import * as v from 'valibot';
import { changesEventSchema } from '@token-portfolio/shared/watchlist-bodies';
import {
  FULL_AT,
  WalletListeners,
  type Wallet,
  type WalletEvent,
  type WalletListener,
  type WalletStorage,
} from './storage';
import { RETENTION_MS, parseState, serializeState, type WalletState } from './walletState';

const PREFIX = 'token-portfolio:watchlist:';
/** A hash per wallet: `version`, and `state` (walletState.ts's JSON). */
const keyOf = (wallet: Wallet) => `${PREFIX}${wallet}`;
const channelOf = (wallet: Wallet) => `${PREFIX}events:${wallet}`;

/**
 * Saves if the stored version is still the expected one, sets the list's expiry (retention:
 * 12 months after its last read) and publishes the event, all at once. KEYS: the wallet's
 * hash. ARGV: expected version, new version, state, ms to expiry, channel, event ('' none).
 */
const SAVE = `
local stored = redis.call('HGET', KEYS[1], 'version') or '0'
if stored ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'state', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if ARGV[6] ~= '' then redis.call('PUBLISH', ARGV[5], ARGV[6]) end
return 1
`;

/** Deletes the list and tells its pages. KEYS: the wallet's hash. ARGV: channel, event. */
const REMOVE = `
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', ARGV[1], ARGV[2])
return 1
`;

// What another server published is checked like any input.
const eventSchema = v.variant('type', [
  v.object({ type: v.literal('changes'), ...changesEventSchema.entries }),
  v.object({ type: v.literal('deleted') }),
]);

function parseEvent(text: string): WalletEvent | null {
  try {
    const parsed = v.safeParse(eventSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export interface RedisConnections {
  /** For commands (shared with the rest of the server). */
  client: Redis;
  /** In subscribe mode: one per server, for every wallet's channel. */
  subscriber: Redis;
}

/**
 * Redis as the storage: a hash per wallet saved by a compare-and-set script (two servers
 * applying at once: one saves, the other loads and applies again), its events published
 * in the same script, so they follow the version order. Redis deletes a list itself 12
 * months after its last read (the key's expiry). Redis must persist (appendonly) and never
 * evict (maxmemory-policy noeviction): docs/deploying.md.
 */
export class RedisStorage implements WalletStorage {
  readonly #client: Redis;
  readonly #subscriber: Redis;
  readonly #listeners = new WalletListeners();
  /** Each listened wallet's SUBSCRIBE, done or under way. */
  readonly #subscribing = new Map<Wallet, Promise<unknown>>();
  #wasReady: boolean;

  constructor({ client, subscriber }: RedisConnections) {
    this.#client = client;
    this.#subscriber = subscriber;
    this.#wasReady = subscriber.status === 'ready';
    subscriber.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(`${PREFIX}events:`)) return;
      const event = parseEvent(text);
      if (event) this.#listeners.tell(channel.slice(`${PREFIX}events:`.length), event);
    });
    // ioredis subscribes again on a new connection; what was published meanwhile is lost,
    // so every stream of this server compares its version with the store's.
    subscriber.on('ready', () => {
      if (this.#wasReady) this.#listeners.tellEveryone({ type: 'resync' });
      this.#wasReady = true;
    });
  }

  async load(wallet: Wallet): Promise<WalletState | null> {
    const text = await this.#client.hget(keyOf(wallet), 'state');
    return text === null ? null : parseState(text);
  }

  async save(
    wallet: Wallet,
    state: WalletState,
    expectedVersion: number,
    event: WalletEvent | null,
  ): Promise<boolean> {
    const expiresInMs = Math.max(1, state.readAt + RETENTION_MS - Date.now());
    const saved = await this.#client.eval(
      SAVE,
      1,
      keyOf(wallet),
      expectedVersion,
      state.version,
      serializeState(state),
      expiresInMs,
      channelOf(wallet),
      event ? JSON.stringify(event) : '',
    );
    return saved === 1;
  }

  async remove(wallet: Wallet): Promise<void> {
    const event: WalletEvent = { type: 'deleted' };
    await this.#client.eval(REMOVE, 1, keyOf(wallet), channelOf(wallet), JSON.stringify(event));
  }

  /** Redis's memory in use against its maxmemory (the machine's memory when it has none). */
  async hasRoom(): Promise<boolean> {
    const info = await this.#client.info('memory');
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1]);
    const room = field('maxmemory') || field('total_system_memory');
    // An answer without the figures (another server than Redis) does not stop the lists.
    return !(room > 0) || field('used_memory') < FULL_AT * room;
  }

  /** None: Redis expires a list itself (see save). */
  async *wallets(): AsyncIterable<Wallet> {}

  async subscribe(wallet: Wallet, listener: WalletListener): Promise<() => void> {
    const stop = () => {
      if (this.#listeners.delete(wallet, listener).last) {
        this.#subscribing.delete(wallet);
        // A failed unsubscribe only costs messages nobody hears.
        this.#subscriber.unsubscribe(channelOf(wallet)).catch(() => {});
      }
    };
    if (this.#listeners.add(wallet, listener).first) {
      this.#subscribing.set(wallet, this.#subscriber.subscribe(channelOf(wallet)));
    }
    try {
      // A wallet's later listeners wait for the same SUBSCRIBE: hearing starts before reading.
      await this.#subscribing.get(wallet);
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  }

  /** The connections belong to the server's shared state, which closes them. */
  async close(): Promise<void> {}
}
