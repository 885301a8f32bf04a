import { registerRemotesFromConfig, startFirstPaintLoads } from './federation/remotes';
import { runtimeConfig } from './runtimeConfig';

// The remotes load while the shared packages are still on their way (bootstrap.tsx says
// what a missing config shows). Its own module so that the benchmark's single bundle,
// which has no async boundary, runs it before the bootstrap as the composed page does.
runtimeConfig.then(
  (config) => {
    registerRemotesFromConfig(config);
    startFirstPaintLoads();
  },
  () => undefined,
);
