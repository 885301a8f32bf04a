// The pieces of the host page's inline boot script (host/src/boot.ts) and of the server
// that writes the page. Nothing here may import the store, valibot or ky: the boot script
// is inlined in every page and must stay small.
export {
  AUTH_SESSION_PATH,
  bootHandoff,
  publishBootHandoff,
  startEarlySessionRequest,
  type BootGlobal,
  type BootHandoff,
  type EarlyMarketRequest,
} from './bootHandoff';
export { startEarlyPriceRequests } from './earlyPriceRequests';
export { RUNTIME_CONFIG_ELEMENT_ID, readRuntimeConfig } from './runtimeConfigSource';
