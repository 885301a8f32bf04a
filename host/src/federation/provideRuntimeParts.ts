import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as errorCodes from '@module-federation/error-codes';
import * as sdk from '@module-federation/sdk';
import { HOST_RUNTIME_GLOBALS } from '@token-portfolio/shared/remotes';

/**
 * Puts the host's federation sdk and error codes where the remotes' remoteEntry.js take
 * them from (their builds leave both out), before any remote loads: with runtime-core
 * (provideExternalRuntime), the composed page has one copy of each (docs/decisions/0010).
 */
export default function provideRuntimeParts(): ModuleFederationRuntimePlugin {
  return {
    name: 'token-portfolio-provide-runtime-parts',
    beforeInit(args) {
      Object.assign(globalThis, {
        [HOST_RUNTIME_GLOBALS['@module-federation/sdk']]: sdk,
        [HOST_RUNTIME_GLOBALS['@module-federation/error-codes']]: errorCodes,
      });
      return args;
    },
  };
}
