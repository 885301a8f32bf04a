import type { RuntimeConfig } from './config';

let provided: RuntimeConfig | null = null;

/**
 * Whoever read the page's runtime config (the host at boot, a remote's standalone page)
 * hands it to the widgets, so none fetches it again.
 */
export function provideRuntimeConfig(config: RuntimeConfig): void {
  provided = config;
}

/** The page's runtime config, or null where nobody read one (an embedding page). */
export function providedRuntimeConfig(): RuntimeConfig | null {
  return provided;
}
