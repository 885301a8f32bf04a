// `npm run build:monolith`: the host's own Rspack config minus Module Federation, so the
// benchmark's single-bundle baseline differs from the federated app only in how the
// widgets arrive (same SWC/emotion settings, same page, same chunk-modules.json).
import path from 'node:path';
import type { Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import hostConfig from '../../host/rspack.config';

const here = import.meta.dirname;

export default (env: Record<string, unknown>): Configuration => {
  const host = hostConfig(env);
  return {
    ...host,
    // Nothing is negotiated at runtime, so no async boundary: the bootstrap is the entry.
    entry: { main: './src/bootstrap.tsx' },
    output: { ...host.output, path: path.join(here, 'dist'), uniqueName: 'monolith' },
    resolve: {
      ...host.resolve,
      alias: {
        ...host.resolve?.alias,
        '@module-federation/enhanced/runtime$': path.join(here, 'staticFederationRuntime.ts'),
      },
    },
    plugins: host.plugins?.filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
  };
};
