import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  PageStyles,
  configureMarket,
  getStore,
  portfolioLoadStarted,
  provideRuntimeConfig,
} from '@token-portfolio/shared';
import { runtimeConfig } from './runtimeConfig';
import { App } from './App';

const root = createRoot(document.getElementById('root') ?? document.body);

runtimeConfig.then(
  (config) => {
    configureMarket(config.market);
    provideRuntimeConfig(config);
    // The store's sagas start fetching prices now, while the remotes' code is on its way
    // (widgetLoads.ts started it); the wallet stack and the modal wait until the portfolio is on
    // screen.
    getStore().dispatch(portfolioLoadStarted());
    root.render(
      <StrictMode>
        <PageStyles />
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('[token-portfolio] could not read the runtime config', error);
    root.render(
      <>
        <PageStyles />
        <p role="alert" style={{ padding: 24 }}>
          Token Portfolio could not start: its configuration (config.json) could not be loaded.
          Please reload the page.
        </p>
      </>,
    );
  },
);
