import type { RuntimeConfig } from './config';

let provided: RuntimeConfig | null = null;

/** The host hands the config it read at boot to the remotes, so none fetches it again. */
export function provideRuntimeConfig(config: RuntimeConfig): void {
  provided = config;
}

/** The host's runtime config, or null on a page without a host (embedded, standalone). */
export function providedRuntimeConfig(): RuntimeConfig | null {
  return provided;
}
