// The one door between the core and the saved watchlist's code (the wallet-sync chunk): the
// core hands its parts over before it fetches the chunk (listOwnerSaga.ts), and the chunk's
// modules take them as they load. It imports nothing at run time, so the chunk crossing it
// keeps no core module out of the core's single scope (coreForSync.ts).
import type { CoreForSync } from './coreForSync';

let handedOver: CoreForSync | null = null;

/** Hands the core's parts to the saved watchlist's code: before that code is loaded. */
export function handOverCore(core: CoreForSync): void {
  handedOver = core;
}

/** The core's parts, for a module of the saved watchlist's code as it loads. */
export function coreForSyncCode(): CoreForSync {
  if (!handedOver)
    throw new Error('The saved watchlist’s code loaded before the core was handed over');
  return handedOver;
}
