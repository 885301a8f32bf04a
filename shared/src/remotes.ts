/**
 * The one list of remotes. The host (which widgets to load, where, and how a missing one
 * is named), the composed server (where each build is served), the build helper
 * (federation name, exposes, dev port), the build and dev scripts and the tests all
 * derive what they need from here.
 *
 * Adding a widget: an entry here, its own `remote-<name>/` folder (with `src/<Widget>.tsx`
 * and `src/mount.ts`), and the two workspace lists npm and tsc require (package.json
 * `workspaces`, tsconfig.json `references`).
 */
export interface RemoteEntry {
  /** The workspace folder at the top of the repository. */
  folder: string;
  /** The exposed React widget: `./<widget>` from `src/<widget>.tsx`. */
  widget: string;
  /** How the page names the widget, e.g. in "Watchlist is unavailable right now." */
  label: string;
  /** The custom element that `embed.js` defines. */
  element: string;
  /** Port of the widget's Rspack dev server (`npm run dev`). */
  devPort: number;
  /**
   * Where the composed page puts it: the header above the page, main in the page (the
   * portfolio: on the critical path), deferred once the portfolio shows (or at once
   * when the visitor opens it first).
   */
  placement: 'header' | 'main' | 'deferred';
}

// Keys are the federation container names (identifiers).
export const REMOTES = {
  header: {
    folder: 'remote-header',
    widget: 'Header',
    label: 'Wallet header',
    element: 'token-portfolio-header',
    devPort: 3101,
    placement: 'header',
  },
  summary: {
    folder: 'remote-summary',
    widget: 'PortfolioSummary',
    label: 'Portfolio summary',
    element: 'token-portfolio-summary',
    devPort: 3102,
    placement: 'main',
  },
  watchlist: {
    folder: 'remote-watchlist',
    widget: 'Watchlist',
    label: 'Watchlist',
    element: 'token-portfolio-watchlist',
    devPort: 3103,
    placement: 'main',
  },
  addToken: {
    folder: 'remote-add-token',
    widget: 'AddTokenModal',
    label: 'Add Token',
    element: 'token-portfolio-add-token',
    devPort: 3104,
    placement: 'deferred',
  },
} as const satisfies Record<string, RemoteEntry>;

export type RemoteName = keyof typeof REMOTES;

/** The remotes in registry order (the order the page lays them out and builds them). */
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** The remotes of the page's first paint (not deferred): the server preloads their files. */
export const FIRST_PAINT_REMOTES = REMOTE_NAMES.filter(
  (name) => REMOTES[name].placement !== 'deferred',
);

/**
 * The container every remote's mf-manifest.json names: self-contained, on a stock
 * federation runtime, for any Module Federation host (docs/architecture.md#three-build-parts-per-remote).
 */
export const PUBLIC_ENTRY = 'remoteEntry.js';

/**
 * Our own host's leaner container of a remote, on the host's federation runtime: named
 * only by the first-paint.json beside the manifest, never by the manifest
 * (docs/architecture.md#three-build-parts-per-remote).
 */
export const COMPOSED_ENTRY = 'remoteEntry.composed.js';

/**
 * The share scope of a remote's standalone page and embed.js: not the default one, so a
 * partner's Module Federation host on the same page never hands them its React.
 */
export const EMBED_SHARE_SCOPE = 'token-portfolio';

/**
 * The property of the federation object the host lends (HOST_BUNDLER_RUNTIME_GLOBAL in
 * pageGlobals.ts) holding the host's container start-up code,
 * which the remotes' composed entries call instead of carrying their own
 * (shared/build/first-paint-speed/container-startup.ts, docs/architecture.md#custom-build-pieces-and-their-guards).
 */
export const LENT_STARTUP = 'startContainer';

/** The host app: not a remote, but built and served alongside them. */
export const HOST_APP = { name: 'host', folder: 'host', devPort: 3100 } as const;

/** The federation name of any app: a remote's name or the host's. */
export type AppName = RemoteName | typeof HOST_APP.name;

/** The chunk of an exposed module: named, so the build can find a widget's first paint. */
export const exposeChunkName = (expose: string) => `__federation_expose_${expose}`;

/**
 * What a remote exposes to federation: its widget and the framework-agnostic mount, each
 * in a chunk of a known name (the federation plugin's `exposes[].name`).
 */
export function remoteExposes(
  name: RemoteName,
): Record<string, { import: string[]; name: string }> {
  const { widget } = REMOTES[name];
  // `import` as a list: the federation type generator reads a lone string's first letter.
  return {
    [`./${widget}`]: { import: [`./src/${widget}.tsx`], name: exposeChunkName(widget) },
    './mount': { import: ['./src/mount.ts'], name: exposeChunkName('mount') },
  };
}

export const isRemoteName = (text: string): text is RemoteName => Object.hasOwn(REMOTES, text);
