import type { RuntimeConfig } from '@token-portfolio/shared/config';

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(new URL('config.json', document.baseURI));
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/**
 * Started by the entry chunk, so the config is on its way while the shared modules are
 * negotiated (one round trip fewer before the remotes can be fetched).
 */
export const runtimeConfig: Promise<RuntimeConfig> = fetchRuntimeConfig();
