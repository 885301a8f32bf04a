import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Leaves preloading to the page. The composed server's hints come from each build's
 * first-paint list (docs/decisions/0010); the runtime's own, read from a remote's manifest
 * as it loads a widget, add chunks the page never runs: a manifest lists every expose's
 * chunks among the widget's (`./mount`, the embedding entry, with `./Watchlist`), one more
 * round trip each on the way to the portfolio.
 */
export default function pagePreloadsOnly(): ModuleFederationRuntimePlugin {
  return {
    name: 'page-preloads-only',
    beforePreloadRemote({ preloadOps }) {
      // The snapshot plugin preloads what is left in this list once the hook returns.
      preloadOps.length = 0;
    },
  };
}
