// A remote's composed part (docs/architecture.md#three-build-parts-per-remote): our own
// host's leaner container, remoteEntry.composed.js, named only by first-paint.json. It runs
// only on the host's page, on the host's federation runtime (`externalRuntime`, and what
// the other pieces lend), so it carries none of it and no copy of a package the host
// provides.
import path from 'node:path';
import { COMPOSED_ENTRY, HOST_APP } from '../../src/remotes';
import type { AppBuild } from '../app-config';
import { sharedPackages, type SharedConfig } from '../shared-packages';

let hostProvided: Set<string> | undefined;

/** What the host provides to the page: its own packages and those it provides for remotes. */
function hostProvides(): Set<string> {
  const hostDir = path.resolve(import.meta.dirname, '../../..', HOST_APP.folder);
  hostProvided ??= new Set(Object.keys(sharedPackages(HOST_APP.name, hostDir)));
  return hostProvided;
}

/**
 * The host has registered every package it provides before any remote loads (the version
 * rule keeps a composed entry on our host's page): the composed part consumes those
 * without a copy of its own (`import: false`), so its entry carries no fallback for them.
 * What the host does not provide (the wallet stack) keeps its copy.
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

/**
 * A remote's stock public part, and its composed part made from it. Each keeps its own
 * chunk-loading global, should both run on one page (a Retry after a redeploy); the
 * composed part, on every first paint, keeps the shorter name.
 */
export function withComposedPart(publicPart: AppBuild): AppBuild[] {
  const { app, dir, federation, rspack } = publicPart;
  const composed: AppBuild = {
    ...publicPart,
    part: 'composed',
    federation: {
      ...federation,
      filename: COMPOSED_ENTRY,
      shared: onHostsCopy(sharedPackages(app, dir)),
      // The manifest and the partners' types describe the public part (docs/architecture.md#three-build-parts-per-remote).
      manifest: false,
      dts: false,
      // The composed page has one runtime-core: the host's (docs/architecture.md#what-the-page-shares).
      experiments: { ...federation.experiments, externalRuntime: true },
    },
    rspack: {
      ...rspack,
      name: `${app}-composed`,
      // Writes to dist/ after the public part has cleaned it.
      dependencies: [`${app}-public`],
      output: { ...rspack.output, clean: false },
    },
  };
  const renamed: AppBuild = {
    ...publicPart,
    rspack: { ...rspack, output: { ...rspack.output, uniqueName: `${app}-public` } },
  };
  return [renamed, composed];
}
