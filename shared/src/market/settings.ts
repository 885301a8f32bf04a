import { MARKET_BASE_URLS, type MarketSettings } from '../config';

/** Keyless demo access to the live API until the page's runtime config says otherwise. */
let current: MarketSettings = { baseUrl: MARKET_BASE_URLS.demo, apiKey: null, plan: 'demo' };
/** Whether the page or a widget has chosen the market yet: the first choice holds. */
let chosen = false;

/** The page's choice, at boot from its runtime config (host, standalone page). */
export function configureMarket(settings: MarketSettings): void {
  current = { ...settings };
  chosen = true;
}

/**
 * A widget's market settings (mount() options, the component form's `market` prop). The
 * page has one store and one market setting: the first choice on the page (its runtime
 * config, or the first widget to ask) wins; a widget asking for another is told so.
 */
export function adoptMarket(wanted: Partial<MarketSettings>): void {
  const next = { ...current, ...wanted };
  if (!chosen) {
    configureMarket(next);
    return;
  }
  const same = next.baseUrl === current.baseUrl && next.apiKey === current.apiKey;
  if (!same) {
    // The URL only: an API key never goes into a log.
    console.warn(
      `[token-portfolio] this page's widgets already take market data from ${current.baseUrl}; ` +
        `a widget asking for ${next.baseUrl} (or another key) uses that too.`,
    );
  }
}

/** The last widget that chose has gone with its store: the next one may choose anew. */
export function releaseMarketChoice(): void {
  chosen = false;
}

export function getMarketSettings(): MarketSettings {
  return current;
}
