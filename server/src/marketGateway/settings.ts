import type { MarketPlan, MarketSettings } from '@token-portfolio/shared/config';

/** Where the composed server answers for the market API (CoinGecko v3 paths below it). */
export const GATEWAY_PATH = '/api/market';

/** How the gateway reaches CoinGecko (or the fixture server): never sent to a browser. */
export type MarketUpstream = MarketSettings;

export interface MarketGatewaySettings {
  upstream: MarketUpstream;
  /** How long a coin's price entry is fresh (CoinGecko refreshes demo data about once a minute). */
  freshMs: number;
  /** Upstream calls allowed in any 60 s, by this instance. */
  callsPerMinute: number;
  /** Upstream calls allowed per calendar month (UTC), paced over the month. */
  monthlyCalls: number;
  /** Share (0 to 0.9) of both budgets only watched-coin price lookups may use. */
  pricesReservedShare: number;
  /** Searches per minute one visitor may send that need an upstream call. */
  searchesPerClientPerMinute: number;
  /** Market pages (Trending) per minute one visitor may ask for that need an upstream call. */
  pagesPerClientPerMinute: number;
  /** Price calls per minute one visitor's watched-coin requests may cause. */
  priceCallsPerClientPerMinute: number;
  /**
   * Share (0.01 to 1) of each budget's monthly pace (and head start) one visitor may use: its
   * own allowance grows with the month like the budget's, so no visitor can spend the rest.
   */
  clientShare: number;
  /** Cap on the text the cache holds, in bytes; least recently used entries go first. */
  cacheBytes: number;
  /** Origins whose pages may read gateway answers (CORS): '*' for any, [] for same-origin only. */
  corsOrigins: '*' | string[];
}

/** CoinGecko's plan limits: demo 30 calls a minute and 10,000 a month; Analyst (pro) 500 / 500,000. */
const PLAN_LIMITS: Record<MarketPlan, { callsPerMinute: number; monthlyCalls: number }> = {
  demo: { callsPerMinute: 30, monthlyCalls: 10_000 },
  pro: { callsPerMinute: 500, monthlyCalls: 500_000 },
};
/** Keyless public access is limited to roughly 5 to 15 calls a minute by CoinGecko. */
const KEYLESS_CALLS_PER_MINUTE = 10;

/** The budget defaults for a plan (keyless: CoinGecko's public access, without a key). */
export function planLimits(plan: MarketPlan, keyless: boolean) {
  const limits = PLAN_LIMITS[plan];
  return keyless ? { ...limits, callsPerMinute: KEYLESS_CALLS_PER_MINUTE } : limits;
}
