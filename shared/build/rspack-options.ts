// The plain Rspack options every app builds with: how TypeScript is compiled and how lazy
// modules are grouped into chunks.
import path from 'node:path';
import type { Chunk, RuleSetRule } from '@rspack/core';

/** TypeScript and JSX (emotion's jsx) by Rspack's built-in SWC, for the browsers we support. */
export const swcRule = (development: boolean): RuleSetRule => ({
  test: /\.[cm]?tsx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: {
        react: { runtime: 'automatic', importSource: '@emotion/react', development },
      },
      experimental: {
        // Minifies emotion's css`` strings (bench/README.md#the-first-paint-budget); labels
        // and style source maps only in development.
        plugins: [
          [
            '@swc/plugin-emotion',
            { autoLabel: development ? 'always' : 'never', sourceMap: development },
          ],
        ],
        // The plugin's compiled code, kept out of the workspaces (SWC's default is `.swc/`).
        cacheRoot: path.resolve(import.meta.dirname, '../../node_modules/.cache/swc'),
      },
    },
    env: { targets: 'chrome >= 111, firefox >= 115, safari >= 16.4' },
  },
  type: 'javascript/auto',
});

/**
 * The host's lazy chunks of packages (every one a copy it provides to the page, or the
 * fallback of one it consumes) as one file: the first paint needs them all, and one
 * request beats seventeen that queue behind each other on a slow link. Its bootstrap
 * chunk stays out (the federation runtime parts it imports are left where they are): it
 * must load and start before the shared packages are asked for. So do the market
 * client's HTTP part, the widget options' door and the saved watchlist's sync, which the
 * first paint does without, and the embedding code, which it never runs
 * (docs/architecture.md#what-the-page-shares).
 */
const SHARED_PACKAGE_MODULE =
  /[\\/](?:node_modules|shared[\\/]src)[\\/](?!@module-federation[\\/]|embed[\\/])/;
/**
 * The market client's ky part (webpackChunkName in shared/src/market/client.ts), the
 * options' door (shared/src/react/WidgetRoot.tsx) and the signed-in wallet's sync
 * (shared/src/walletWatchlist/listOwnerSaga.ts).
 */
const AFTER_FIRST_PAINT_CHUNKS = new Set(['market-http', 'widget-options', 'wallet-sync']);
export const HOST_CHUNK_GROUPS = {
  sharedPackages: {
    test: SHARED_PACKAGE_MODULE,
    chunks: (chunk: Chunk) =>
      !chunk.canBeInitial() && !AFTER_FIRST_PAINT_CHUNKS.has(chunk.name ?? ''),
    name: 'shared-packages',
    enforce: true,
  },
};

/**
 * Lazy modules loaded together as one chunk, by chunk name. Every lazy chunk costs the
 * app's entry a line in its chunk table (name and content hash), which every page load
 * downloads (docs/architecture.md#what-the-page-shares).
 */
export function lazyChunkGroups(groups: Record<string, RegExp>) {
  return Object.fromEntries(
    Object.entries(groups).map(([chunkName, test]) => [
      chunkName,
      { test, chunks: 'async' as const, name: chunkName, enforce: true },
    ]),
  );
}
