import type { RuntimeConfig } from '../config';

/**
 * The element of the composed server's page that carries the runtime config: a JSON data
 * block (`<script type="application/json">`), never executed, so no CSP hash is needed.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'token-portfolio-config';

/** The runtime config written into the page, or /config.json (static hosts, dev server). */
export function readRuntimeConfig(): Promise<RuntimeConfig> {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      return Promise.resolve(JSON.parse(text) as RuntimeConfig);
    } catch {
      // fall through to config.json
    }
  }
  return fetch(new URL('config.json', document.baseURI)).then((response) =>
    response.ok
      ? (response.json() as Promise<RuntimeConfig>)
      : Promise.reject(new Error(`config.json answered ${response.status}`)),
  );
}
