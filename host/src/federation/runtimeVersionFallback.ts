import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SELF_CONTAINED_ENTRY } from '@token-portfolio/shared/remotes';

/**
 * The federation version this host was built with: runtime-core's and Rspack's, as a
 * remote's manifest names its own in `metaData.pluginVersion` (shared/build/app-config.ts).
 */
declare const FEDERATION_VERSION: string;

/**
 * The version rule (docs/decisions/0010, 0024): a remote's remoteEntry.js runs on the
 * host's federation runtime and container start-up code, so it is used only when the
 * remote was built with the same federation version (runtime and Rspack). Otherwise the
 * remote's self-contained entry, which brings its own, is loaded.
 */
export default function runtimeVersionFallback(): ModuleFederationRuntimePlugin {
  return {
    name: 'token-portfolio-runtime-version-fallback',
    loadRemoteSnapshot(args) {
      const remoteVersion = args.manifestJson?.metaData.pluginVersion;
      if (remoteVersion === FEDERATION_VERSION || !('remoteEntry' in args.remoteSnapshot)) {
        return args;
      }
      return {
        ...args,
        remoteSnapshot: { ...args.remoteSnapshot, remoteEntry: SELF_CONTAINED_ENTRY },
      };
    },
  };
}
