// The first-paint speed plugin (README.md): takes an app's stock builds (app-config.ts) and
// returns builds whose composed page loads less before the portfolio shows. Taken out of
// an app's config, or turned off with `--env without=first-paint-speed`, the page is the
// stock one: correct, slower.
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { HOST_APP, REMOTES } from '../../src/remotes';
import type { AppBuild, BuildAddOn, BuildEnv } from '../app-config';
import { installedVersion } from '../shared-packages';
import { withComposedPart } from './composed-part';
import { STARTUP_REQUEST, rewriteStartupRequest, type StartupRole } from './container-startup';
import { federationAsEsm, federationEsmRule } from './federation-esm';
import { FirstPaintPlugin } from './first-paint-plugin';
import { BUNDLER_RUNTIME_LENDER, bundlerRuntimeFromHost } from './lent-bundler-runtime';
import { requireMatch } from './require-match';

/**
 * What `--env without=<name>[,<name>]` turns off, for the benchmark's A/B of what each buys
 * (bench/customPieces.ts): one of the three pieces that rely on the federation plugin's
 * internals, built the documented way instead, or the whole plugin.
 */
const SWITCHES = [
  // The federation runtime from its ES module files (else the CommonJS ones it names).
  'esm-runtime',
  // One copy of the container start-up code, the host's (else each container its own).
  'container-startup',
  // The host's bundler runtime lent to the composed parts (else each bundles its own).
  'bundler-runtime',
  // All of it: no composed parts, no first-paint lists; every remote on its public entry.
  'first-paint-speed',
] as const;
export type SpeedSwitch = (typeof SWITCHES)[number];
const isSwitch = (name: string): name is SpeedSwitch =>
  (SWITCHES as readonly string[]).includes(name);

/** The switches `--env without=…` turns off; the one place that reads it. */
function turnedOff(env: BuildEnv): Set<SpeedSwitch> {
  const named = typeof env['without'] === 'string' ? env['without'].split(',') : [];
  const unknown = named.filter((name) => !isSwitch(name));
  if (unknown.length > 0) {
    throw new Error(`--env without= knows ${SWITCHES.join(', ')}, not ${unknown.join(', ')}`);
  }
  const off = new Set(named.filter(isSwitch));
  // The borrowed start-up code is reached through the lent bundler runtime.
  if (off.has('bundler-runtime') && !off.has('container-startup')) {
    throw new Error('--env without=bundler-runtime needs container-startup off too');
  }
  return off;
}

/**
 * The federation code a composed remote runs on the host's copy of: the runtime, and the
 * container start-up code that the running Rspack generates (docs/architecture.md#the-version-rule). The
 * version rule compares it: a remote's composed entry runs only on a host of the same.
 */
function federationVersion(dir: string): string {
  const runtime = installedVersion('@module-federation/runtime-core', dir);
  if (!runtime) throw new Error(`@module-federation/runtime-core is not installed for ${dir}`);
  return `${runtime}+rspack.${rspack.rspackVersion}`;
}

/** Rewrites the federation plugin's start-up module of this build for its role (docs/architecture.md#custom-build-pieces-and-their-guards). */
const containerStartup = (role: StartupRole) =>
  requireMatch(
    'The container start-up rewrite',
    'shared/build/first-paint-speed/container-startup.ts',
    (hit) =>
      new rspack.NormalModuleReplacementPlugin(STARTUP_REQUEST, (data) => {
        data.request = rewriteStartupRequest(data.request, role);
        hit();
      }),
  );

/** Writes first-paint.json (first-paint-plugin.ts): the host's, or a remote's widget's. */
const firstPaintList = ({ app, dir }: AppBuild) =>
  new FirstPaintPlugin({
    ...(app === HOST_APP.name
      ? { entryGroup: 'main', start: { dynamicImport: './bootstrap' } }
      : { entryGroup: app, start: { expose: REMOTES[app].widget } }),
    runtimeVersion: federationVersion(dir),
  });

const withPlugins = (build: AppBuild, ...plugins: RspackPluginInstance[]): AppBuild => ({
  ...build,
  rspack: { ...build.rspack, plugins: [...(build.rspack.plugins ?? []), ...plugins] },
});

/** Every piece of one build, by what it is and which switches are off. */
function speedUp(build: AppBuild, off: Set<SpeedSwitch>): AppBuild {
  const { app, part, dir, federation, rspack: config } = build;
  const host = app === HOST_APP.name;
  const lendsRuntime = !off.has('bundler-runtime');
  const lendsStartup = !off.has('container-startup');
  const esm = !off.has('esm-runtime');
  // A composed part on the host's bundler runtime bundles no federation runtime to swap.
  const bundlesRuntime = part !== 'composed' || !lendsRuntime;
  const faster: AppBuild = {
    ...build,
    federation: host
      ? {
          ...federation,
          runtimePlugins: [
            ...(federation.runtimePlugins ?? []),
            ...(lendsRuntime ? [BUNDLER_RUNTIME_LENDER] : []),
          ],
          // Its runtime-core, for the composed parts (`externalRuntime`).
          experiments: { ...federation.experiments, provideExternalRuntime: true },
        }
      : federation,
    rspack: {
      ...config,
      module: {
        ...config.module,
        rules: [...(config.module?.rules ?? []), ...(esm ? [federationEsmRule] : [])],
      },
    },
  };
  return withPlugins(
    faster,
    ...(part === 'composed' || part === 'all' ? [firstPaintList(build)] : []),
    ...(part === 'composed' && lendsRuntime ? [bundlerRuntimeFromHost()] : []),
    ...(part === 'composed' && lendsStartup ? [containerStartup('borrower')] : []),
    ...(host && lendsStartup ? [containerStartup('lender')] : []),
    // The version of the composed entries this host runs (host/src/federation/remotes.ts).
    ...(host
      ? [new rspack.DefinePlugin({ FEDERATION_VERSION: JSON.stringify(federationVersion(dir)) })]
      : []),
    ...(esm && bundlesRuntime ? [federationAsEsm()] : []),
  );
}

/** The plugin: each build sped up, and each remote's composed part beside its public one. */
export const firstPaintSpeed: BuildAddOn = (builds, env) => {
  const off = turnedOff(env);
  if (off.has('first-paint-speed')) return builds;
  return builds.flatMap((build) =>
    (build.part === 'public' ? withComposedPart(build) : [build]).map((each) => speedUp(each, off)),
  );
};
