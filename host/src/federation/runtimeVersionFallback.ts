import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SELF_CONTAINED_ENTRY } from '@token-portfolio/shared/remotes';

/** Set by the host's runtime provider (provideExternalRuntime) when the host starts. */
interface FederationGlobal {
  _FEDERATION_RUNTIME_CORE_FROM?: { version: string };
}

/**
 * The version rule (docs/decisions/0010): a remote's remoteEntry.js runs on the host's
 * federation runtime, so it is used only when the remote was built with the same version.
 * Otherwise the remote's self-contained entry, which brings its own runtime, is loaded.
 */
export default function runtimeVersionFallback(): ModuleFederationRuntimePlugin {
  return {
    name: 'token-portfolio-runtime-version-fallback',
    loadRemoteSnapshot(args) {
      const hostVersion = (globalThis as FederationGlobal)._FEDERATION_RUNTIME_CORE_FROM?.version;
      const remoteVersion = args.manifestJson?.metaData.pluginVersion;
      if (remoteVersion === hostVersion || !('remoteEntry' in args.remoteSnapshot)) return args;
      return {
        ...args,
        remoteSnapshot: { ...args.remoteSnapshot, remoteEntry: SELF_CONTAINED_ENTRY },
      };
    },
  };
}
