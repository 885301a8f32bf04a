// What the servers of one deployment share, chosen once at startup: this process's memory
// (the embedded default) or one Redis (REDIS_URL), each piece with the same interface.
import {
  ClientRateLimiter,
  type VisitorLimit,
} from '@token-portfolio/shared/server/clientRateLimiter';
import { RedisSessionStore } from '@token-portfolio/remote-header/server';
import { memoryGatewayParts, type GatewayPartsFactory } from '../marketGateway/gatewayParts';
import { CallNotices } from './callNotices';
import { SharedBudget } from './sharedBudget';
import { SharedCalls } from './sharedCalls';
import { SharedMarketStore } from './sharedMarketStore';
import { SharedPriceLoader } from './sharedPrices';
import { SharedRedis, type SharedRedisLog } from './sharedRedis';
import { SharedVisitorLimit, SharedVisitorShares } from './visitorLimits';

declare module 'fastify' {
  interface FastifyInstance {
    /** What this server shares with the others (createComposedServer's redisUrl). */
    sharedState: SharedState;
  }
}

/** How long a starting server waits for Redis before it starts without it (and says so). */
const STARTUP_WAIT_MS = 5_000;

export interface SharedState {
  /** The shared Redis (its connection, health and subscribe connections); null: memory. */
  redis: SharedRedis | null;
  gatewayParts: GatewayPartsFactory;
  /** At most `limit` per visitor in any `windowMs`; `name` tells the limits apart. */
  visitorLimit(name: string, limit: number, windowMs: number): VisitorLimit;
  /** The sign-in store; undefined: the auth API's own (in memory). */
  sessionStore: RedisSessionStore | undefined;
  close(): Promise<void>;
}

/** Everything in this process: one server, as `npm start` has always run. */
export const memoryState = (): SharedState => ({
  redis: null,
  gatewayParts: memoryGatewayParts,
  visitorLimit: (_name, limit, windowMs) => new ClientRateLimiter(limit, windowMs),
  sessionStore: undefined,
  close: async () => {},
});

/** Everything shared through the Redis at `url`; resolves once it answers, or after 5 s. */
export async function redisState(url: string, log: SharedRedisLog): Promise<SharedState> {
  const redis = new SharedRedis(url, log);
  if (!(await redis.ready(STARTUP_WAIT_MS))) {
    log.warn(
      'Redis (REDIS_URL) does not answer: this server starts without it, makes no upstream call until it has reached Redis, and offers no sign-in until then.',
    );
  }
  const notices = new CallNotices(redis);
  const gatewayParts: GatewayPartsFactory = (settings, fetchPrices) => {
    const budget = new SharedBudget(redis, settings);
    const store = new SharedMarketStore(redis, settings.cacheBytes);
    const prices = new SharedPriceLoader(
      redis,
      budget,
      store,
      notices,
      settings.freshMs,
      fetchPrices,
    );
    return {
      store,
      budget,
      shares: new SharedVisitorShares(redis, settings),
      calls: new SharedCalls(redis, store, notices),
      prices,
      close: () => {
        prices.close();
        budget.close();
      },
    };
  };
  return {
    redis,
    gatewayParts,
    visitorLimit: (name, limit, windowMs) => new SharedVisitorLimit(redis, name, limit, windowMs),
    sessionStore: new RedisSessionStore(redis.client, Date.now, { reachable: () => redis.up }),
    close: () => redis.close(),
  };
}
