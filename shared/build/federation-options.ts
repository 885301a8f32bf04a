// The Module Federation options of each build: name, exposes, shared packages, manifest.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import {
  EMBED_SHARE_SCOPE,
  HOST_APP,
  PUBLIC_ENTRY,
  remoteExposes,
  type AppName,
} from '../src/remotes';
import { forAnyReact19, sharedPackages } from './shared-packages';

export type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/**
 * One compilation of an app (docs/architecture.md#three-build-parts-per-remote):
 * - 'public': a remote's container (remoteEntry.js, mf-manifest.json, @mf-types.zip), on
 *   its own stock runtime, for any Module Federation host;
 * - 'pages': a remote's standalone page and embed.js, with their own React and share scope;
 * - 'all': the host, and every dev server: one self-contained build;
 * - 'composed': our host's leaner container of a remote, added by the first-paint speed
 *   plugin (first-paint-speed/).
 */
export type BuildPart = 'all' | 'public' | 'pages' | 'composed';

/** The federation plugin's options of one part of an app, as the Module Federation docs write them. */
export function federationOptions(app: AppName, part: BuildPart, dir: string): FederationOptions {
  const remote = app !== HOST_APP.name;
  const shared = sharedPackages(app, dir);
  const publicTypes = part === 'public' && existsSync(path.join(dir, 'tsconfig.json'));
  return {
    // The pages' runtime is not the container's: another name, another share scope, so a
    // partner's host on the same page never hands them its React (docs/embedding.md).
    name: part === 'pages' ? `${app}_pages` : app,
    ...(part === 'pages'
      ? { shareScope: EMBED_SHARE_SCOPE }
      : { filename: PUBLIC_ENTRY, exposes: remote ? remoteExposes(app) : {} }),
    remotes: {},
    shared: part === 'public' ? forAnyReact19(shared) : shared,
    // Use whichever provider is already loaded; never wait for every remote.
    shareStrategy: 'loaded-first',
    manifest: part !== 'pages',
    // Type hints for partners' editors (@mf-types.zip, named by the manifest): only the
    // public types package goes in, never React's, which must be the partner's own. A
    // test's variant copy of a remote has no tsconfig.json to compile them with.
    dts: publicTypes
      ? {
          generateTypes: {
            extractThirdParty: { exclude: [/^(?!@token-portfolio\/widget-types$)/] },
          },
          consumeTypes: false,
        }
      : false,
    // Lean runtimes: none reads manifests (the host's page picks a remote's entry itself,
    // docs/architecture.md#the-composed-page-step-by-step), and a remote never loads other remotes.
    experiments: {
      optimization: {
        target: 'web',
        disableSnapshot: true,
        ...(remote ? { disableRemote: true } : {}),
      },
    },
  };
}
