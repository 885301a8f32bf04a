import type { MarketPlan, MarketSettings, WidgetOptions } from '@token-portfolio/widget-types';
import type { RemoteName } from './remotes';

// Public types: partners see them in the remotes' type hints (widget-types/index.d.ts).
export type { MarketPlan, MarketSettings, WidgetOptions };

/** What the host reads from /config.json at boot: built by the server from the environment. */
export interface RuntimeConfig {
  /** Each remote's mf-manifest.json URL (absolute, or relative to the page). */
  remotes: Record<RemoteName, string>;
  /**
   * Only in the composed server's page: the remoteEntry.composed.js of first-paint remotes
   * whose build has the host's federation version, for the first load without the
   * manifest (docs/architecture.md#the-composed-page-step-by-step). A retry reads the remote's
   * first-paint list again.
   */
  entries?: Partial<Record<RemoteName, string>>;
  market: MarketSettings;
  /** Options the page gives each widget (WidgetOptions, parsed by the widget), beside `market`. */
  widgetOptions?: Partial<Record<RemoteName, WidgetOptions>>;
  walletConnectProjectId: string | null;
  /** RPC URL of a local development chain (31337), only when configured. */
  localChainRpcUrl: string | null;
  /**
   * Set by the composed server, which answers the sign-in API at the page's origin
   * (/api/auth): its pages ask who is signed in. Without it (a static host's config.json)
   * nothing is asked and the wallet works without sign-in.
   */
  signIn?: boolean;
}

export const MARKET_BASE_URLS: Record<MarketPlan, string> = {
  demo: 'https://api.coingecko.com/api/v3',
  pro: 'https://pro-api.coingecko.com/api/v3',
};

const KEY_HEADERS = { demo: 'x-cg-demo-api-key', pro: 'x-cg-pro-api-key' } as const;

/** docs/product.md#errors-and-empty-states: how long any market request may take before it counts as failed. */
export const MARKET_TIMEOUT_MS = 60_000;

/**
 * The plan's key header; none for keyless demo access (and for our gateway, which holds the
 * key). A plan it does not know is the default, demo: the host page takes a static host's
 * config.json as written (no valibot in its first paint), and a header named `undefined`
 * made the browser refuse every price request.
 */
export function marketHeaders({ plan, apiKey }: MarketSettings): Record<string, string> {
  return apiKey ? { [plan === 'pro' ? KEY_HEADERS.pro : KEY_HEADERS.demo]: apiKey } : {};
}
