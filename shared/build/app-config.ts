// The one Rspack + Module Federation config that the host and all four remotes build
// with. An app names itself; its exposes, title and dev port come from the remote
// registry (src/remotes.ts). Everything in the app's package.json dependencies that another
// app lists too is shared as a singleton (derived, so a new dependency cannot end up
// bundled twice by accident).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Chunk, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import {
  HOST_APP,
  COMPOSED_ENTRY,
  EMBED_SHARE_SCOPE,
  PUBLIC_ENTRY,
  REMOTES,
  remoteExposes,
  type AppName,
} from '../src/remotes';
import { HOST_BUNDLER_RUNTIME_GLOBAL } from '../src/pageGlobals';
import { ChunkModulesPlugin } from './chunk-modules-plugin';
import { STARTUP_REQUEST, rewriteStartupRequest, type StartupRole } from './container-startup';
import { federationAsEsm, federationEsmRule } from './federation-esm';
import { FirstPaintPlugin, type FirstPaintStart } from './first-paint-plugin';
import { requireMatch } from './require-match';
import { PrecompressPlugin } from './precompress-plugin';
import { HeadScriptFilePlugin } from './head-script-file';
import { InlineScriptPlugin } from './inline-script';

export type BuildPart = 'all' | 'composed' | 'public' | 'pages';

export interface AppConfigOptions {
  /** The workspace folder (pass import.meta.dirname). */
  dir: string;
  /** The app's federation name: a key of the remote registry, or 'host'. */
  name: AppName;
  /** Federation runtime plugins, as paths relative to dir. */
  runtimePlugins?: string[];
  /**
   * The host's runtime plugin that lends its bundler runtime, and with it its container
   * start-up code, to the remotes' composed parts
   * (docs/architecture.md#custom-build-pieces-and-their-guards), relative to dir: left out
   * of a build without the lent bundler runtime (CUSTOM_PIECES).
   */
  bundlerRuntimeLender?: string;
  /** A module bundled into a script inline in the page's head, before the entry (boot code). */
  inlineHeadScript?: string;
  /**
   * Which part of a remote's production build
   * (docs/architecture.md#three-build-parts-per-remote):
   * - 'public': the container every mf-manifest.json names (remoteEntry.js), self-contained
   *   on a stock federation runtime, for any Module Federation host;
   * - 'composed': our own host's leaner container (remoteEntry.composed.js, named only by
   *   first-paint.json), on the host's federation runtime;
   * - 'pages': the standalone page and embed.js, with their own React and share scope.
   * 'all' (the host, and every dev server): one self-contained build.
   */
  part?: BuildPart;
  /**
   * Lazy modules loaded together as one chunk, by chunk name. Every lazy chunk costs the
   * app's entry a line in its chunk table (name and content hash), which every page load
   * downloads (docs/architecture.md#what-the-page-shares).
   */
  lazyChunkGroups?: Record<string, RegExp>;
}

/**
 * What the registry says about an app. Every remote also builds `embed.js` (from
 * src/embed.ts): the one script a plain page includes to get the widget's custom
 * element. Its name is stable so embedding pages never change.
 */
function appFacts(name: AppName) {
  if (name === HOST_APP.name) {
    return {
      title: 'Token Portfolio',
      exposes: {},
      devPort: HOST_APP.devPort,
      embedEntry: false,
      firstPaint: { entryGroup: 'main', start: { dynamicImport: './bootstrap' } },
    };
  }
  const remote = REMOTES[name];
  const start: FirstPaintStart = { expose: remote.widget };
  return {
    title: `Token Portfolio: ${remote.label}`,
    exposes: remoteExposes(name),
    devPort: remote.devPort,
    embedEntry: true,
    firstPaint: { entryGroup: name, start },
  };
}

/**
 * Never part of the browser share scope: server-side or build-time dependencies, and
 * valibot, which tree-shakes: each app bundles only the few functions it uses, where a
 * shared copy would have to be the whole library.
 */
const NOT_SHARED = new Set([
  '@module-federation/enhanced',
  '@module-federation/webpack-bundler-runtime',
  'fastify',
  '@fastify/static',
  '@fastify/cors',
  '@fastify/etag',
  '@fastify/compress',
  'lru-cache',
  'helmet',
  'iron-session',
  'cookie',
  'ioredis',
  'valibot',
  // Bundled into the shared core, tree-shaken (docs/architecture.md#what-the-page-shares).
  '@reduxjs/toolkit',
  'redux',
  'react-redux',
  'redux-saga',
]);

/** Entry points of shared packages that are imported on their own. */
const SHARED_SUBPATHS: Record<string, string[]> = {
  react: ['react/jsx-runtime'],
  'react-dom': ['react-dom/client'],
  '@emotion/react': ['@emotion/react/jsx-runtime'],
  '@token-portfolio/shared': [
    // The d3 functions the widgets draw with (docs/architecture.md#what-the-page-shares).
    '@token-portfolio/shared/charts',
    // embed.js's element and React mount(), shared by the remotes' embed.js on one page.
    '@token-portfolio/shared/embed',
  ],
};

interface PackageJson {
  dependencies?: Record<string, string>;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const readPackageJson = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;

type SharedConfig = Record<
  string,
  {
    singleton: true;
    requiredVersion: string;
    version?: string;
    strictVersion?: boolean;
    /** The file to bundle as this app's copy; false: no copy, the host's is used. */
    import?: string | false;
  }
>;

/**
 * The federation code of a build that a composed remote runs on the host's copy of: the
 * runtime, and the container start-up code that the running Rspack generates
 * (docs/architecture.md#the-version-rule). The version rule compares it: a remote's
 * composed entry runs only on a host of the same.
 */
function federationVersion(dir: string): string {
  const runtime = installedVersion('@module-federation/runtime-core', dir);
  if (!runtime) throw new Error(`@module-federation/runtime-core is not installed for ${dir}`);
  return `${runtime}+rspack.${rspack.rspackVersion}`;
}

/**
 * The installed version of a package, found the way Node resolves it (node_modules up
 * the tree). Stated explicitly because some packages (viem) resolve to a folder whose own
 * package.json has no version, and the federation plugin would otherwise guess.
 */
function installedVersion(pkg: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * What the public container asks of a partner's React (docs/embedding.md): React 19, every minor.
 * Its widgets render in the partner's React tree, so they take the partner's copy; one
 * outside this range is refused with the federation runtime's message naming both
 * versions (strictVersion), instead of crashing inside React.
 */
const PUBLIC_REACT_RANGE = '^19.0.0';
const REACT_PACKAGES = new Set(['react', 'react-dom']);

/**
 * The public container's share scope: the page's React 19, refused outside it. It offers
 * no React of its own (`import: false`): under the runtime's default share strategy the
 * newest registered version wins, and a host that lists our remotes in its build config
 * would otherwise run its own tree on our react with its own react-dom (React error #527).
 * Its JSX runtime keeps a copy: that module needs no React of its own.
 */
function forAnyReact19(shared: SharedConfig): SharedConfig {
  return Object.fromEntries(
    Object.entries(shared).map(([request, config]) => [
      request,
      REACT_PACKAGES.has(request.split('/')[0] ?? '')
        ? {
            ...config,
            requiredVersion: PUBLIC_REACT_RANGE,
            strictVersion: true,
            ...(REACT_PACKAGES.has(request) ? { import: false as const } : {}),
          }
        : config,
    ]),
  );
}

/**
 * The one package whose types the type hints carry (copied into the zip's node_modules):
 * the exposes' signatures use only it and React's, which a partner has. Every other
 * package stays out, above all React's types, which must be the partner's own.
 */
const PUBLIC_TYPES_ONLY = { exclude: [/^(?!@token-portfolio\/widget-types$)/] };

/**
 * Our own contract: a remote built for another major of the shared core must not run
 * against this one (it would read and write a state shape it does not know). With
 * strictVersion the federation runtime refuses it and the slot shows its fallback.
 */
const STRICT = new Set(['@token-portfolio/shared']);

/** For each package the apps in `folders` list: how many list it, and a range one gives. */
function listings(folders: readonly string[]): Map<string, { range: string; count: number }> {
  const seen = new Map<string, { range: string; count: number }>();
  for (const folder of folders) {
    const { dependencies = {} } = readPackageJson(path.join(REPO_ROOT, folder));
    for (const [pkg, range] of Object.entries(dependencies)) {
      seen.set(pkg, { range, count: (seen.get(pkg)?.count ?? 0) + 1 });
    }
  }
  return seen;
}

/**
 * The host also provides every package that two or more remotes share and it does not
 * use itself, and the shared core's entries that only remotes import (charts,
 * embedding): its copy is registered first, so the page always uses that one and the
 * composed server can name it in its preload hints, instead of whichever remote's entry
 * happened to run first. Named by file (`import`), since the federation plugin provides a
 * package by name only when the app imports it.
 */
function providedForRemotes(hostDir: string, own: Record<string, string>): SharedConfig {
  const seen = listings(Object.values(REMOTES).map(({ folder }) => folder));
  const resolve = createRequire(path.join(hostDir, 'package.json')).resolve;
  const shared: SharedConfig = {};
  for (const [pkg, { range, count }] of seen) {
    if (count < 2 || Object.hasOwn(own, pkg) || NOT_SHARED.has(pkg)) continue;
    const version = installedVersion(pkg, hostDir);
    shared[pkg] = {
      singleton: true,
      requiredVersion: range,
      import: resolve(pkg),
      ...(version ? { version } : {}),
    };
  }
  // Entries of the shared core that only remotes import on the composed page: by file as
  // well. (The embedding code runs only in embed.js's pages, with their own share scope.)
  const core = '@token-portfolio/shared';
  const coreEntries = sharedFromDependencies({ [core]: own[core] ?? '*' }, hostDir);
  for (const request of ['@token-portfolio/shared/charts']) {
    const entry = coreEntries[request];
    if (entry) shared[request] = { ...entry, import: resolve(request) };
  }
  return shared;
}

let hostProvided: Set<string> | undefined;

/** What the host provides: its own packages and those it provides for the remotes. */
function hostProvides(): Set<string> {
  if (hostProvided) return hostProvided;
  const hostDir = path.join(REPO_ROOT, HOST_APP.folder);
  const own = readPackageJson(hostDir).dependencies ?? {};
  hostProvided = new Set(
    Object.keys({ ...sharedFromDependencies(own, hostDir), ...providedForRemotes(hostDir, own) }),
  );
  return hostProvided;
}

/**
 * A remote's composed part runs only on the host's page (on its runtime, by the version
 * rule), where the host has registered every package it provides before any remote: the
 * part consumes those without a copy of its own (`import: false`), so its remoteEntry.js
 * carries no fallback for them. What the host does not provide (the wallet stack) keeps
 * its copy.
 */
function onHostsCopy(shared: SharedConfig): SharedConfig {
  const provided = hostProvides();
  return Object.fromEntries(
    Object.entries(shared).map(([request, config]) => [
      request,
      provided.has(request) ? { ...config, import: false } : config,
    ]),
  );
}

let listedByApps: ReturnType<typeof listings> | undefined;

/** How many apps (the host and the remotes) list a package among their dependencies. */
function numberOfAppsListing(pkg: string): number {
  listedByApps ??= listings([
    HOST_APP.folder,
    ...Object.values(REMOTES).map(({ folder }) => folder),
  ]);
  return listedByApps.get(pkg)?.count ?? 0;
}

/**
 * The share scope entries for an app's dependencies: those that another app lists too.
 * A package one app alone uses (the wallet stack: the header) has nobody to share with;
 * bundled like any module it carries no share tables and is tree-shaken.
 */
export function sharedFromDependencies(
  dependencies: Record<string, string>,
  fromDir: string,
): SharedConfig {
  const shared: SharedConfig = {};
  for (const [pkg, range] of Object.entries(dependencies)) {
    if (NOT_SHARED.has(pkg) || numberOfAppsListing(pkg) < 2) continue;
    const version = installedVersion(pkg, fromDir);
    for (const request of [pkg, ...(SHARED_SUBPATHS[pkg] ?? [])]) {
      shared[request] = {
        singleton: true,
        requiredVersion: range,
        ...(version ? { version } : {}),
        ...(STRICT.has(pkg) ? { strictVersion: true } : {}),
      };
    }
  }
  return shared;
}

/**
 * A remote's composed part takes the federation bundler runtime from the host
 * (docs/architecture.md#custom-build-pieces-and-their-guards): the module that the
 * federation entry imports becomes the host's function that gives this container a
 * federation object of its own.
 */
const BUNDLER_RUNTIME_MODULE =
  /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/;
const bundlerRuntimeFromHost = () =>
  requireMatch(
    'The bundler runtime taken from the host',
    'shared/build/app-config.ts',
    (hit) =>
      new rspack.ExternalsPlugin('var', async ({ request = '' }: { request?: string }) => {
        if (!BUNDLER_RUNTIME_MODULE.test(request)) return undefined;
        hit();
        return `${HOST_BUNDLER_RUNTIME_GLOBAL}()`;
      }),
  );

/**
 * Our custom build pieces that rely on the federation plugin's internals, by the name a
 * build can be made without (docs/architecture.md#custom-build-pieces-and-their-guards).
 * Bench-only: `rspack build --env without=<piece>[,<piece>]` builds the documented way
 * instead, for the benchmark's A/B of what each buys (bench/customPieces.ts).
 */
const CUSTOM_PIECES = [
  // The federation runtime from its ES module files (else the CommonJS ones it names).
  'esm-runtime',
  // One copy of the container start-up code, the host's (else each container its own).
  'container-startup',
  // The host's bundler runtime lent to the composed parts (else each bundles its own).
  'bundler-runtime',
] as const;
export type CustomPiece = (typeof CUSTOM_PIECES)[number];
const isCustomPiece = (name: string): name is CustomPiece =>
  (CUSTOM_PIECES as readonly string[]).includes(name);

/** The pieces `--env without=…` turns off; the one place that reads it. */
function piecesWithout(env: Record<string, unknown>): Set<CustomPiece> {
  const named = typeof env['without'] === 'string' ? env['without'].split(',') : [];
  const unknown = named.filter((piece) => !isCustomPiece(piece));
  if (unknown.length > 0) {
    throw new Error(`--env without= knows ${CUSTOM_PIECES.join(', ')}, not ${unknown.join(', ')}`);
  }
  const without = new Set(named.filter(isCustomPiece));
  // The borrowed start-up code is reached through the lent bundler runtime.
  if (without.has('bundler-runtime') && !without.has('container-startup')) {
    throw new Error('--env without=bundler-runtime needs container-startup off too');
  }
  return without;
}

/** Rewrites the federation plugin's start-up module of this build for its role. */
const containerStartup = (role: StartupRole) =>
  requireMatch(
    'The container start-up rewrite',
    'shared/build/container-startup.ts',
    (hit) =>
      new rspack.NormalModuleReplacementPlugin(STARTUP_REQUEST, (data) => {
        data.request = rewriteStartupRequest(data.request, role);
        hit();
      }),
  );

/**
 * The host's lazy chunks of packages (every one a copy it provides to the page, or the
 * fallback of one it consumes) as one file: the first paint needs them all, and one request
 * beats seventeen that queue behind each other on a slow link
 * (docs/architecture.md#what-the-page-shares). Its bootstrap chunk stays out (the
 * federation runtime parts it imports are left where they are): it must load and start
 * before the shared packages are asked for. So do the market client's HTTP part, which the
 * first paint does without, and the embedding code, which it never runs.
 */
const SHARED_PACKAGE_MODULE =
  /[\\/](?:node_modules|shared[\\/]src)[\\/](?!@module-federation[\\/]|embed[\\/])/;
/** The market client's ky part (webpackChunkName in shared/src/market/client.ts). */
const AFTER_FIRST_PAINT_CHUNK = 'market-http';
const hostSharedPackagesGroup = {
  sharedPackages: {
    test: SHARED_PACKAGE_MODULE,
    chunks: (chunk: Chunk) => !chunk.canBeInitial() && chunk.name !== AFTER_FIRST_PAINT_CHUNK,
    name: 'shared-packages',
    enforce: true,
  },
};

function lazyChunkCacheGroups(groups: Record<string, RegExp>) {
  return Object.fromEntries(
    Object.entries(groups).map(([chunkName, test]) => [
      chunkName,
      { test, chunks: 'async' as const, name: chunkName, enforce: true },
    ]),
  );
}

const swcOptions = (development: boolean) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: {
      react: { runtime: 'automatic', importSource: '@emotion/react', development },
    },
  },
  env: { targets: 'chrome >= 111, firefox >= 115, safari >= 16.4' },
});

export function createAppConfig(
  options: AppConfigOptions,
): (env: Record<string, unknown>) => Configuration {
  const {
    dir,
    name,
    runtimePlugins = [],
    bundlerRuntimeLender,
    inlineHeadScript = '',
    part = 'all',
    lazyChunkGroups = {},
  } = options;
  const version = federationVersion(dir);
  const { title, exposes, devPort, embedEntry, firstPaint } = appFacts(name);
  const dependencies = readPackageJson(dir).dependencies ?? {};
  const shared = {
    ...sharedFromDependencies(dependencies, dir),
    ...(name === HOST_APP.name ? providedForRemotes(dir, dependencies) : {}),
  };
  const appShared = {
    all: shared,
    composed: onHostsCopy(shared),
    public: forAnyReact19(shared),
    pages: shared,
  }[part];

  return (env) => {
    const development = Boolean(env['RSPACK_SERVE']);
    const without = piecesWithout(env);
    const lendsStartup = !without.has('container-startup');
    const lendsBundlerRuntime = !without.has('bundler-runtime');
    // The composed part bundles no federation runtime when it runs on the host's.
    const bundlesFederationRuntime = part !== 'composed' || !lendsBundlerRuntime;
    const isRemote = Object.keys(exposes).length > 0;
    const hasPages = part === 'all' || part === 'pages';
    const hasContainer = part !== 'pages';
    return {
      name: `${name}-${part}`,
      // Every part writes to dist/: the others after the composed one has cleaned it.
      ...(part === 'public' || part === 'pages' ? { dependencies: [`${name}-composed`] } : {}),
      mode: development ? 'development' : 'production',
      context: dir,
      devtool: development ? 'eval-cheap-module-source-map' : 'source-map',
      entry: hasPages
        ? { main: './src/index.ts', ...(embedEntry ? { embed: './src/embed.ts' } : {}) }
        : {},
      output: {
        path: path.join(dir, 'dist'),
        // Resolved at runtime from the script's own URL: a dist/ works under any path.
        publicPath: 'auto',
        // Two parts of one remote on a page never share a chunk-loading global.
        uniqueName: part === 'composed' || part === 'all' ? name : `${name}-${part}`,
        filename: ({ chunk }) =>
          chunk?.name === 'embed' || development ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: development ? '[name].js' : '[name].[contenthash:8].js',
        cssFilename: '[name].[contenthash:8].css',
        cssChunkFilename: '[name].[contenthash:8].css',
        clean: part === 'composed' || part === 'all',
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
        // @metamask/sdk asks for a React Native module that has no place in a browser.
        alias: { '@react-native-async-storage/async-storage': false },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: swcOptions(development),
            type: 'javascript/auto',
          },
          ...(without.has('esm-runtime') ? [] : [federationEsmRule]),
          // RainbowKit marks its stylesheet side-effect free: without this it is dropped.
          { test: /\.css$/, type: 'css/auto', sideEffects: true },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          // The pages' runtime is not the container's: another name, another share scope,
          // so a partner's host on the same page never hands them its React
          // (docs/architecture.md#three-build-parts-per-remote).
          name: part === 'pages' ? `${name}_pages` : name,
          ...(hasContainer
            ? { filename: part === 'composed' ? COMPOSED_ENTRY : PUBLIC_ENTRY, exposes }
            : {}),
          ...(part === 'pages' ? { shareScope: EMBED_SHARE_SCOPE } : {}),
          remotes: {},
          shared: appShared,
          // Use whichever provider is already loaded; never wait for every remote.
          shareStrategy: 'loaded-first',
          // The manifest describes the container it names: the public one.
          manifest: part === 'public' || part === 'all',
          // Type hints for partners' editors: @mf-types.zip, named by the manifest, compiled
          // with the workspace's tsconfig (a test's variant copy of a remote has none).
          dts:
            part === 'public' && existsSync(path.join(dir, 'tsconfig.json'))
              ? { generateTypes: { extractThirdParty: PUBLIC_TYPES_ONLY }, consumeTypes: false }
              : false,
          runtimePlugins: [
            ...runtimePlugins.map((file) => path.resolve(dir, file)),
            ...(bundlerRuntimeLender && lendsBundlerRuntime
              ? [path.resolve(dir, bundlerRuntimeLender)]
              : []),
          ],
          experiments: {
            // The composed page has one runtime-core: the host's.
            ...(part === 'composed' ? { externalRuntime: true } : {}),
            ...(name === HOST_APP.name ? { provideExternalRuntime: true } : {}),
            // Keep each runtime lean: no runtime reads manifests (the host's page picks a
            // remote's entry itself), and a remote never loads other remotes.
            optimization: isRemote
              ? { target: 'web', disableSnapshot: true, disableRemote: true }
              : { target: 'web', disableSnapshot: true },
          },
        }),
        ...(hasPages
          ? [
              new rspack.HtmlRspackPlugin({
                title,
                template: path.join(import.meta.dirname, 'index.html'),
                templateParameters: { title },
                chunks: ['main'],
              }),
              // Every page of ours takes its colour scheme before painting.
              new HeadScriptFilePlugin(
                'color-scheme',
                path.join(import.meta.dirname, '../src/colorScheme/applyBeforePaint.ts'),
              ),
            ]
          : []),
        // The build reports describe what the composed page loads.
        ...(part === 'composed' || part === 'all'
          ? [
              new ChunkModulesPlugin(),
              new FirstPaintPlugin({
                ...firstPaint,
                runtimeVersion: version,
              }),
            ]
          : []),
        ...(part === 'composed' && lendsBundlerRuntime ? [bundlerRuntimeFromHost()] : []),
        ...(part === 'composed' && lendsStartup ? [containerStartup('borrower')] : []),
        ...(name === HOST_APP.name
          ? [
              new rspack.DefinePlugin({
                FEDERATION_VERSION: JSON.stringify(version),
              }),
              ...(lendsStartup ? [containerStartup('lender')] : []),
            ]
          : []),
        // After the colour-scheme script: each puts its tag first, so the boot script comes
        // before the blocking colour-scheme file and sends the price request without waiting.
        ...(inlineHeadScript ? [new InlineScriptPlugin(path.resolve(dir, inlineHeadScript))] : []),
        ...(bundlesFederationRuntime && !without.has('esm-runtime') ? [federationAsEsm()] : []),
        ...(development ? [] : [new PrecompressPlugin()]),
      ],
      optimization: {
        moduleIds: development ? 'named' : 'deterministic',
        splitChunks: {
          cacheGroups: {
            ...(name === HOST_APP.name && !development ? hostSharedPackagesGroup : {}),
            ...lazyChunkCacheGroups(lazyChunkGroups),
          },
        },
      },
      performance: { hints: false },
      // The dev server compiles a lazy import when the page asks its own origin for it: a
      // remote's lazy chunks (the header's wallet stack) run on the host's page, whose
      // server is not theirs, so they would never compile. Remotes compile them up front.
      ...(development && isRemote ? { lazyCompilation: false } : {}),
      devServer: {
        port: devPort,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
      },
      stats: 'errors-warnings',
    };
  };
}

/**
 * A remote's build: in production its composed, public and pages parts (see BuildPart);
 * one self-contained build for its dev server.
 */
export function createRemoteConfig(
  options: Omit<AppConfigOptions, 'part'>,
): (env: Record<string, unknown>) => Configuration[] {
  return (env) =>
    env['RSPACK_SERVE']
      ? [createAppConfig(options)(env)]
      : [
          createAppConfig({ ...options, part: 'composed' })(env),
          createAppConfig({ ...options, part: 'public' })(env),
          createAppConfig({ ...options, part: 'pages' })(env),
        ];
}
