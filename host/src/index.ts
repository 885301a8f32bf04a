import { registerRemotesFromConfig, startFirstPaintLoads } from './federation/remotes';
import { runtimeConfig } from './runtimeConfig';

// The remotes load while the shared packages are still on their way (bootstrap.tsx says
// what a missing config shows).
runtimeConfig.then(
  (config) => {
    registerRemotesFromConfig(config);
    startFirstPaintLoads();
  },
  () => undefined,
);

// Async boundary: shared modules are negotiated before anything consumes them.
void import('./bootstrap');
