import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import {
  configureMarket,
  getMarketSettings,
  PageStyles,
  provideRuntimeConfig,
} from '@token-portfolio/shared';
import { readRuntimeConfig } from '@token-portfolio/shared/boot';

/**
 * A remote's standalone page (`@token-portfolio/shared/standalone`, imported by its
 * bootstrap alone, so in no other build's bundle): its widget alone, with its own store.
 * Its market settings come from the config.json beside the page when there is one (the
 * composed server answers one under each remote; a static host may deploy one); without
 * it (a remote's dev server) the widget asks the public API.
 */
export async function renderStandalone(Widget: ComponentType, rootId = 'root'): Promise<void> {
  const element = document.getElementById(rootId);
  if (!element) throw new Error(`#${rootId} is missing from the page`);
  const config = await readRuntimeConfig().catch(() => null);
  if (config !== null && typeof config === 'object') {
    // The widget's own code (the header's wallet) reads it from here, as from a host.
    provideRuntimeConfig(config);
    if (typeof config.market?.baseUrl === 'string') {
      configureMarket({ ...getMarketSettings(), ...config.market });
    }
  }
  createRoot(element).render(
    <StrictMode>
      <PageStyles />
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
        <Widget />
      </main>
    </StrictMode>,
  );
}
