// The public types of every remote's exposes: what `loadRemote('watchlist/Watchlist')` and
// `loadRemote('watchlist/mount')` are in a partner's editor (docs/embedding.md). The one
// definition: the shared core re-exports them and checks its values against them. Each
// remote's @mf-types.zip carries this file (its public build extracts it,
// shared/build/federation-options.ts), so it may import nothing a partner does not have.
// (package.json's `main` names this file too: the extractor finds a package by resolving it.)
export type MarketPlan = 'demo' | 'pro';

/** Where market data comes from: CoinGecko itself, or a gateway of the same shape. */
export interface MarketSettings {
  /** Base URL of the CoinGecko API, or of a gateway with its paths (ours: `<server>/api/market`). */
  baseUrl: string;
  /** A CoinGecko key for `plan`; null with a gateway, which holds the key itself. */
  apiKey: string | null;
  plan: MarketPlan;
}

export type ColorScheme = 'dark' | 'light';

/** The colours a page may override (values are CSS colours). */
export type ThemeColor =
  | 'page'
  | 'surface'
  | 'surfaceRaised'
  | 'surfaceSunken'
  | 'hover'
  | 'border'
  | 'logoRing'
  | 'backdrop'
  | 'text'
  | 'textMuted'
  | 'accent'
  | 'accentText'
  | 'gain'
  | 'loss'
  | 'lossText'
  | 'focus';

export type ThemeOverrides = Partial<Record<ThemeColor, string>>;

/** What a widget takes from the page that shows it: as props, or as mount()'s options. */
export interface WidgetOptions {
  /** Market API settings over the defaults. One page has one market: the first choice wins. */
  market?: Partial<MarketSettings>;
  /** 'light' or 'dark'; by default the page's (or the system's preference). */
  colorScheme?: ColorScheme;
  /** Colour overrides on top of the scheme, e.g. { surface: '#fff', text: '#111' }. */
  theme?: ThemeOverrides;
  /** Add Token: how long typing must pause before it searches, 300 to 2000 ms (600 by default). */
  searchDelayMs?: number;
}

export type Unmount = () => void;

/** `./mount`: renders the widget into any element of any page, with a React of its own. */
export type MountWidget = (element: HTMLElement, options?: WidgetOptions) => Unmount;
