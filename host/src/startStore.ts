import {
  configureMarket,
  getStore,
  portfolioLoadStarted,
  provideRuntimeConfig,
} from '@token-portfolio/shared';
import { runtimeConfig } from './runtimeConfig';

runtimeConfig.then(
  (config) => {
    configureMarket(config.market);
    provideRuntimeConfig(config);
    getStore().dispatch(portfolioLoadStarted());
  },
  () => undefined,
);
