import { MemoryMarketStore, type CacheEntry, type MarketStore } from './answerCache';
import { LocalCalls, type KeyedCaller } from './keyedCalls';
import { PriceBatcher, type PriceLoader } from './priceBatcher';
import type { MarketGatewaySettings } from './settings';
import { BUDGET_WAIT_MS, UpstreamBudget, type Budget } from './upstreamBudget';
import { VisitorShares, type VisitorCall } from './visitorShares';

/** One upstream call for up to 250 coins, storing each coin's entry. */
export type FetchPrices = (ids: string[]) => Promise<Map<string, CacheEntry>>;

/**
 * What the gateway keeps and counts, chosen once at startup: in this process (the embedded
 * default, memoryGatewayParts) or shared by every server through Redis (sharedState/).
 */
export interface GatewayParts {
  store: MarketStore;
  budget: Budget;
  /** Each visitor's share: null when this call is within it, else the ms to wait. */
  shares: { take(visitor: string, call: VisitorCall): Promise<number | null> | number | null };
  calls: KeyedCaller;
  prices: PriceLoader;
  close(): void;
}

export type GatewayPartsFactory = (
  settings: MarketGatewaySettings,
  fetchPrices: FetchPrices,
) => GatewayParts;

export const memoryGatewayParts: GatewayPartsFactory = (settings, fetchPrices) => {
  const budget = new UpstreamBudget(settings);
  return {
    store: new MemoryMarketStore(settings.cacheBytes),
    budget,
    shares: new VisitorShares(settings),
    calls: new LocalCalls(),
    prices: new PriceBatcher({
      acquireCall: () => budget.acquire('prices', BUDGET_WAIT_MS),
      fetchBatch: fetchPrices,
    }),
    close: () => budget.close(),
  };
};
