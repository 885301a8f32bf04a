import type { RuntimeConfig } from '@token-portfolio/shared/config';
import type { BootGlobal } from '@token-portfolio/shared/boot';
import { BOOT_HANDOFF_GLOBAL } from '@token-portfolio/shared/page-globals';

/**
 * The runtime config, as the page's boot script (src/boot.ts, inline in index.html) read
 * it before this chunk arrived. Types and the global's key only from the shared package:
 * this runs before the shared modules are negotiated.
 */
export const runtimeConfig: Promise<RuntimeConfig> =
  (globalThis as BootGlobal)[BOOT_HANDOFF_GLOBAL]?.config ??
  Promise.reject(new Error('the page has no boot script'));
