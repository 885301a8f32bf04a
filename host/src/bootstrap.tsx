import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageStyles } from '@token-portfolio/shared';
import './startStore';
import { runtimeConfig } from './runtimeConfig';
import { App } from './App';

const root = createRoot(document.getElementById('root') ?? document.body);

runtimeConfig.then(
  () => {
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
