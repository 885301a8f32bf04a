import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageStyles, configureMarket, type RuntimeConfig } from '@token-portfolio/shared';
import { registerRemotesFromConfig } from './federation/remotes';
import { App } from './App';

async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(new URL('config.json', document.baseURI), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

const root = createRoot(document.getElementById('root') ?? document.body);

loadRuntimeConfig().then(
  (config) => {
    configureMarket(config.market);
    registerRemotesFromConfig(config);
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
