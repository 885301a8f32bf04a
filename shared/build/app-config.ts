// The stock Rspack + Module Federation build of the host and the four remotes, as the
// Module Federation documentation writes one: a name, exposes or remotes, the shared
// packages, the manifest, the public entry. An app names itself; its exposes, title and
// dev port come from the remote registry (src/remotes.ts), its shared packages from its
// package.json (shared-packages.ts). Anything more (the first-paint speed-ups) is an
// add-on an app's config passes in: it takes these builds and returns others.
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { HOST_APP, REMOTES, type AppName, type RemoteName } from '../src/remotes';
import { ChunkModulesPlugin } from './chunk-modules-plugin';
import { HeadScriptFilePlugin } from './head-script-file';
import { InlineScriptPlugin } from './inline-script';
import { PrecompressPlugin } from './precompress-plugin';
import { HOST_CHUNK_GROUPS, lazyChunkGroups, swcRule } from './rspack-options';
import { federationOptions, type BuildPart, type FederationOptions } from './federation-options';

export type { BuildPart };

/** A compilation before it is handed to Rspack, as an add-on sees and changes it. */
export interface AppBuild {
  app: AppName;
  part: BuildPart;
  /** The workspace folder. */
  dir: string;
  /** The federation plugin's options: the plugin is made from them last. */
  federation: FederationOptions;
  /** The rest of the Rspack configuration. */
  rspack: Configuration;
}

/** The Rspack CLI's `--env`: `RSPACK_SERVE` under the dev server, and any `--env name=value`. */
export type BuildEnv = Record<string, unknown>;

/** Takes an app's stock builds and returns others (first-paint-speed/ is one). */
export type BuildAddOn = (builds: AppBuild[], env: BuildEnv) => AppBuild[];

export interface RemoteConfigOptions {
  /** The workspace folder (pass import.meta.dirname). */
  dir: string;
  /** The remote's federation name: a key of the remote registry. */
  name: RemoteName;
  /** Lazy modules loaded together as one chunk, by chunk name (rspack-options.ts). */
  lazyChunkGroups?: Record<string, RegExp>;
}

export interface HostConfigOptions {
  /** The workspace folder (pass import.meta.dirname). */
  dir: string;
  /** Federation runtime plugins, as paths relative to dir. */
  runtimePlugins: string[];
  /** A module bundled into a script inline in the page's head, before the entry (boot code). */
  inlineHeadScript: string;
}

const INDEX_HTML = path.join(import.meta.dirname, 'index.html');
const COLOR_SCHEME_SCRIPT = path.join(
  import.meta.dirname,
  '../src/colorScheme/applyBeforePaint.ts',
);

/** A page of ours: the template, and its colour scheme taken before painting. */
const pagePlugins = (title: string) => [
  new rspack.HtmlRspackPlugin({
    title,
    template: INDEX_HTML,
    templateParameters: { title },
    chunks: ['main'],
  }),
  new HeadScriptFilePlugin('color-scheme', COLOR_SCHEME_SCRIPT),
];

function stockBuild(
  app: AppName,
  part: BuildPart,
  dir: string,
  env: BuildEnv,
  groups: Record<string, RegExp> = {},
): AppBuild {
  const development = Boolean(env['RSPACK_SERVE']);
  const remote = app !== HOST_APP.name;
  const hashed = development ? '[name].js' : '[name].[contenthash:8].js';
  return {
    app,
    part,
    dir,
    federation: federationOptions(app, part, dir),
    rspack: {
      name: `${app}-${part}`,
      // Every part writes to dist/: the pages after the public part has cleaned it.
      ...(part === 'pages' ? { dependencies: [`${app}-public`] } : {}),
      mode: development ? 'development' : 'production',
      context: dir,
      devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
      entry:
        part === 'public'
          ? {}
          : { main: './src/index.ts', ...(remote ? { embed: './src/embed.ts' } : {}) },
      output: {
        path: path.join(dir, 'dist'),
        // Resolved at runtime from the script's own URL: a dist/ works under any path.
        publicPath: 'auto',
        // Two parts of one remote on a page never share a chunk-loading global.
        uniqueName: part === 'pages' ? `${app}-pages` : app,
        // embed.js keeps its name: embedding pages never change (docs/embedding.md).
        filename: ({ chunk }) => (chunk?.name === 'embed' ? '[name].js' : hashed),
        chunkFilename: hashed,
        cssFilename: '[name].[contenthash:8].css',
        cssChunkFilename: '[name].[contenthash:8].css',
        clean: part !== 'pages',
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
        // @metamask/sdk asks for a React Native module that has no place in a browser.
        alias: { '@react-native-async-storage/async-storage': false },
      },
      module: {
        rules: [
          swcRule(development),
          // RainbowKit marks its stylesheet side-effect free: without this it is dropped.
          { test: /\.css$/, type: 'css/auto', sideEffects: true },
        ],
      },
      plugins: [
        ...(part === 'public'
          ? []
          : pagePlugins(remote ? `Token Portfolio: ${REMOTES[app].label}` : 'Token Portfolio')),
        // Which modules each emitted script carries, for the browser tests and the bench.
        ...(part === 'pages' ? [] : [new ChunkModulesPlugin()]),
        ...(development ? [] : [new PrecompressPlugin()]),
      ],
      optimization: {
        moduleIds: development ? 'named' : 'deterministic',
        splitChunks: {
          cacheGroups: {
            ...(remote || development ? {} : HOST_CHUNK_GROUPS),
            ...lazyChunkGroups(groups),
          },
        },
      },
      performance: { hints: false },
      // The dev server compiles a lazy import when the page asks its own origin for it: a
      // remote's lazy chunks (the header's wallet stack) run on the host's page, whose
      // server is not theirs, so they would never compile. Remotes compile them up front.
      ...(development && remote ? { lazyCompilation: false } : {}),
      devServer: {
        port: remote ? REMOTES[app].devPort : HOST_APP.devPort,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
      },
      stats: 'errors-warnings',
    },
  };
}

/** The Rspack configuration of a build: the federation plugin first, as the docs place it. */
const toRspack = ({ federation: options, rspack: config }: AppBuild): Configuration => ({
  ...config,
  plugins: [new ModuleFederationPlugin(options), ...(config.plugins ?? [])],
});

/**
 * A remote's build: its public and pages parts in production (BuildPart), one
 * self-contained build for its dev server.
 */
export function createRemoteConfig(
  { dir, name, lazyChunkGroups: groups = {} }: RemoteConfigOptions,
  addOn: BuildAddOn = (builds) => builds,
): (env: BuildEnv) => Configuration[] {
  return (env) => {
    const parts: BuildPart[] = env['RSPACK_SERVE'] ? ['all'] : ['public', 'pages'];
    const builds = parts.map((part) => stockBuild(name, part, dir, env, groups));
    return addOn(builds, env).map(toRspack);
  };
}

/** The host's build: its page, with the boot script inline, and its federation runtime. */
export function createHostConfig(
  { dir, runtimePlugins, inlineHeadScript }: HostConfigOptions,
  addOn: BuildAddOn = (builds) => builds,
): (env: BuildEnv) => Configuration {
  return (env) => {
    const stock = stockBuild(HOST_APP.name, 'all', dir, env);
    const host: AppBuild = {
      ...stock,
      federation: {
        ...stock.federation,
        runtimePlugins: runtimePlugins.map((file) => path.resolve(dir, file)),
      },
      rspack: {
        ...stock.rspack,
        // After the colour-scheme script: each puts its tag first, so the boot script comes
        // before the blocking colour-scheme file and sends the price request without waiting.
        plugins: [
          ...(stock.rspack.plugins ?? []),
          new InlineScriptPlugin(path.resolve(dir, inlineHeadScript)),
        ],
      },
    };
    const [build, ...more] = addOn([host], env);
    if (!build || more.length > 0) throw new Error('The host builds as one compilation');
    return toRspack(build);
  };
}
