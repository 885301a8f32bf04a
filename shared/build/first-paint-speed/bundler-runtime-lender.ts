// Browser code: the host's federation runtime plugin that lends its bundler runtime
// (lent-bundler-runtime.ts adds it to the host's build). Bundled into the host's main.js:
// the host lists @module-federation/webpack-bundler-runtime, at its federation version.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { Federation } from '@module-federation/webpack-bundler-runtime';
// The host exposes nothing, so its own bundler runtime is built without this function.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { HOST_BUNDLER_RUNTIME_GLOBAL } from '../../src/pageGlobals';
import { LENT_STARTUP } from '../../src/remotes';

/**
 * A container's federation object as the composed remotes get it: with the host's
 * container start-up code, which their entries call instead of carrying their own
 * (container-startup.ts, docs/architecture.md#custom-build-pieces-and-their-guards).
 */
type LentFederation = Federation & { [LENT_STARTUP]?: unknown };

/** The host's webpack runtime: `federation` holds its bundler runtime once federation starts. */
declare const __webpack_require__: { federation: LentFederation };

type Runtime = NonNullable<Federation['runtime']>;

/**
 * The runtime wrapper's own `init` finds an instance by the build id it was compiled with,
 * which is the host's here: it would hand every container the host's instance. A
 * container's instance is found by its name (and version), as the wrapper does otherwise.
 */
function initByName(runtime: Runtime): Runtime['init'] {
  return (options) => {
    const existing = runtime.getInstance(
      ({ options: { name, version } }) =>
        name === options.name && (version || undefined) === (options.version || undefined),
    );
    const normalized = { ...options, id: options.id || '' };
    if (!existing) return runtime.createInstance(normalized);
    existing.initOptions(normalized);
    return existing;
  };
}

/**
 * What a composed entry that borrows the start-up code calls on a host built without it
 * (the benchmark's `--env without=container-startup`, whose entries carry their own).
 */
function noStartupToLend(): never {
  throw new Error('The host was built without its container start-up code to lend');
}

/**
 * A container's federation object on the host's code. What the bundler runtime module
 * exports as its default is where each container keeps its state (its instance, options,
 * share scope), so every container gets its own object, as it would from its own copy.
 */
function federationForContainer(): LentFederation {
  const {
    runtime,
    bundlerRuntime,
    attachShareScopeMap,
    [LENT_STARTUP]: startContainer,
  } = __webpack_require__.federation;
  if (!runtime || !bundlerRuntime) throw new Error('The host federation runtime has not started');
  return {
    runtime: { ...runtime, init: initByName(runtime) },
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime: { ...bundlerRuntime, initContainerEntry, S: {} },
    attachShareScopeMap,
    bundlerRuntimeOptions: {},
    [LENT_STARTUP]: typeof startContainer === 'function' ? startContainer : noStartupToLend,
  };
}

/**
 * Lends the host's federation bundler runtime to the remotes' remoteEntry.js, whose
 * composed builds take it from this global instead of bundling their own
 * (docs/architecture.md#custom-build-pieces-and-their-guards); set before any remote loads.
 */
export default function lendBundlerRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'token-portfolio-lend-bundler-runtime',
    beforeInit(args) {
      Object.assign(globalThis, { [HOST_BUNDLER_RUNTIME_GLOBAL]: federationForContainer });
      return args;
    },
  };
}
