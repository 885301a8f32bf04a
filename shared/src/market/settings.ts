import { MARKET_BASE_URLS, type MarketSettings } from '../config';

/** Keyless demo access to the live API until the page's runtime config says otherwise. */
let current: MarketSettings = { baseUrl: MARKET_BASE_URLS.demo, apiKey: null, plan: 'demo' };

/** Set once at boot from the runtime config (host) or mount options (embedded widget). */
export function configureMarket(settings: MarketSettings): void {
  current = { ...settings };
}

export function getMarketSettings(): MarketSettings {
  return current;
}
