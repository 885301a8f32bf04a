// The federation `shared` option of each app, derived from package.json (as rsbuild's
// example does): everything in the app's dependencies that another app lists too is
// shared as a singleton, so a new dependency cannot end up bundled twice by accident.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HOST_APP, REMOTES, type AppName } from '../src/remotes';

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

/**
 * Our own contract: a remote built for another major of the shared core must not run
 * against this one (it would read and write a state shape it does not know). With
 * strictVersion the federation runtime refuses it and the slot shows its fallback.
 */
const STRICT = new Set(['@token-portfolio/shared']);

export type SharedConfig = Record<
  string,
  {
    singleton: true;
    requiredVersion: string;
    version?: string;
    strictVersion?: boolean;
    /** The file to bundle as this app's copy; false: no copy, another app's is used. */
    import?: string | false;
  }
>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const dependenciesOf = (dir: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    }
  ).dependencies ?? {};

/**
 * The installed version of a package, found the way Node resolves it (node_modules up
 * the tree). Stated explicitly because some packages (viem) resolve to a folder whose own
 * package.json has no version, and the federation plugin would otherwise guess.
 */
export function installedVersion(pkg: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** For each package the apps in `folders` list: how many list it, and a range one gives. */
function listings(folders: readonly string[]): Map<string, { range: string; count: number }> {
  const seen = new Map<string, { range: string; count: number }>();
  for (const folder of folders) {
    for (const [pkg, range] of Object.entries(dependenciesOf(path.join(REPO_ROOT, folder)))) {
      seen.set(pkg, { range, count: (seen.get(pkg)?.count ?? 0) + 1 });
    }
  }
  return seen;
}

const REMOTE_FOLDERS = Object.values(REMOTES).map(({ folder }) => folder);
let listedByApps: ReturnType<typeof listings> | undefined;

/**
 * The share scope entries for an app's dependencies: those that another app lists too.
 * A package one app alone uses (the wallet stack: the header) has nobody to share with;
 * bundled like any module it carries no share tables and is tree-shaken.
 */
export function sharedFromDependencies(
  dependencies: Record<string, string>,
  fromDir: string,
): SharedConfig {
  listedByApps ??= listings([HOST_APP.folder, ...REMOTE_FOLDERS]);
  const shared: SharedConfig = {};
  for (const [pkg, range] of Object.entries(dependencies)) {
    if (NOT_SHARED.has(pkg) || (listedByApps.get(pkg)?.count ?? 0) < 2) continue;
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
 * The host also provides every package that two or more remotes share and it does not
 * use itself, and the shared core's entries that only remotes import (charts): its copy
 * is registered first, so the page always uses that one and the composed server can name
 * it in its preload hints, instead of whichever remote's entry happened to run first.
 * Named by file (`import`), since the federation plugin provides a package by name only
 * when the app imports it. (The embedding code runs only in embed.js's pages, with their
 * own share scope.)
 */
function providedForRemotes(hostDir: string, own: Record<string, string>): SharedConfig {
  const resolve = createRequire(path.join(hostDir, 'package.json')).resolve;
  const shared: SharedConfig = {};
  for (const [pkg, { range, count }] of listings(REMOTE_FOLDERS)) {
    if (count < 2 || Object.hasOwn(own, pkg) || NOT_SHARED.has(pkg)) continue;
    const version = installedVersion(pkg, hostDir);
    shared[pkg] = {
      singleton: true,
      requiredVersion: range,
      import: resolve(pkg),
      ...(version ? { version } : {}),
    };
  }
  const core = '@token-portfolio/shared';
  const charts = `${core}/charts`;
  const entry = sharedFromDependencies({ [core]: own[core] ?? '*' }, hostDir)[charts];
  if (entry) shared[charts] = { ...entry, import: resolve(charts) };
  return shared;
}

/** An app's shared packages: its own, and for the host those it provides for the remotes. */
export function sharedPackages(app: AppName, dir: string): SharedConfig {
  const own = dependenciesOf(dir);
  return {
    ...sharedFromDependencies(own, dir),
    ...(app === HOST_APP.name ? providedForRemotes(dir, own) : {}),
  };
}

/**
 * What the public container asks of a partner's React (docs/embedding.md): React 19, every
 * minor. Its widgets render in the partner's React tree, so they take the partner's copy;
 * one outside this range is refused with the federation runtime's message naming both
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
export function forAnyReact19(shared: SharedConfig): SharedConfig {
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
