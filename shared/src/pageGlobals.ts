import { SHARED_API_MAJOR } from './version';

/**
 * Every global that one of our bundles sets on the page for another to read: its key is
 * defined here once, and both sides take it from here. A new global is added to this list.
 *
 * | global | written by | read by |
 * | --- | --- | --- |
 * | `tokenPortfolioBoot` | the host page's inline boot script (host/src/boot.ts, through shared/src/boot/bootHandoff.ts) | the host's main.js (host/src/runtimeConfig.ts), the price sagas (shared/src/prices/fetchMarketsForIds.ts), the sign-in (shared/src/session/signInSession.ts) |
 * | `Symbol.for('@token-portfolio/shared/store@<major>')` | whichever widget first asks for the store (shared/src/store/getStore.ts) | every remote and embedded widget (getStore), the benchmark (bench/page/pageStore.ts) |
 * | `_FEDERATION_BUNDLER_RUNTIME` | the host's federation runtime plugin (shared/build/first-paint-speed/bundler-runtime-lender.ts) | the remotes' composed remoteEntry.js, through the external set in shared/build/first-paint-speed/lent-bundler-runtime.ts |
 *
 * Page-wide names that are not globals live with their owners: the custom element tags
 * (REMOTES in remotes.ts), the runtime config element (boot/runtimeConfigSource.ts) and the
 * storage keys (persistence/, remote-header/src/wallet/). The federation runtime's own
 * globals (`__FEDERATION__`, `_FEDERATION_RUNTIME_CORE`) are the library's.
 */

/** The boot script's handoff to the code that comes after it (BootHandoff); host pages only. */
export const BOOT_HANDOFF_GLOBAL = 'tokenPortfolioBoot';

/**
 * The name of the symbol (Symbol.for) the page's one store is kept under. It names the API
 * major, so an incompatible remote never joins the store
 * (docs/architecture.md#a-widget-on-someone-elses-page).
 */
export const PAGE_STORE_SYMBOL_NAME = `@token-portfolio/shared/store@${SHARED_API_MAJOR}`;

/**
 * The host's federation bundler runtime lent to the remotes
 * (docs/architecture.md#custom-build-pieces-and-their-guards): a
 * function that gives each container its own federation object on the host's code. With the
 * host's runtime-core (provideExternalRuntime), the composed page runs one federation runtime.
 */
export const HOST_BUNDLER_RUNTIME_GLOBAL = '_FEDERATION_BUNDLER_RUNTIME';
