import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** True when the page already preloads files of the remote whose entry is at `entry`. */
function pageHints(entry: string): boolean {
  const folder = new URL('.', new URL(entry, document.baseURI)).href;
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((link) =>
    link.href.startsWith(folder),
  );
}

/**
 * Leaves preloading to the page where the page does it. The composed server's hints come
 * from each build's first-paint list (docs/decisions/0010); the runtime's own, read from a
 * remote's manifest as it loads a widget, add chunks the page never runs: a manifest lists
 * every expose's chunks with a widget's (`./mount`, the embedding entry, with
 * `./Watchlist`), one more round trip each on the way to the portfolio. A remote the page
 * has no hints for (a static host, the dev server, another origin's list that did not come
 * in time) keeps the runtime's preloads; so does the Add Token modal, loaded later.
 */
export default function pagePreloadsOnly(): ModuleFederationRuntimePlugin {
  return {
    name: 'page-preloads-only',
    beforePreloadRemote({ preloadOps, origin }) {
      const hinted = (nameOrAlias: string) => {
        const remote = origin.options.remotes.find(
          ({ name, alias }) => name === nameOrAlias || alias === nameOrAlias,
        );
        return remote !== undefined && 'entry' in remote && pageHints(remote.entry);
      };
      // The snapshot plugin preloads what is left in this list once the hook returns.
      for (let index = preloadOps.length - 1; index >= 0; index -= 1) {
        const op = preloadOps[index];
        if (op && hinted(op.nameOrAlias)) preloadOps.splice(index, 1);
      }
    },
  };
}
