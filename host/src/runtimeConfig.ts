import type { RuntimeConfig } from '@token-portfolio/shared/config';
import type { BootGlobal } from '@token-portfolio/shared/boot';

/**
 * The runtime config, as the page's boot script (src/boot.ts, inline in index.html) read
 * it before this chunk arrived. Types only from the shared package: this runs before the
 * shared modules are negotiated.
 */
export const runtimeConfig: Promise<RuntimeConfig> =
  (globalThis as BootGlobal).tokenPortfolioBoot?.config ??
  Promise.reject(new Error('the page has no boot script'));
