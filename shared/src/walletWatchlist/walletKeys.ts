// Where wallets' copies live in this browser (docs/configuration.md#what-the-browser-keeps).
// Part of the first paint: a signed-out page finds and removes a copy left behind without
// fetching the saved watchlist's code.

/** Where every copy lives: one key per wallet under this prefix (removed at sign-out). */
export const WALLET_STORAGE_PREFIX = 'token-portfolio/wallet/';

/** The wallet's copy (its address lower-cased). */
export const walletCopyKey = (address: string) =>
  `${WALLET_STORAGE_PREFIX}${address.toLowerCase()}/v1`;

/** The list as last shown, with its prices: the first paint's (saved like the browser's own). */
export const walletListKey = (address: string) =>
  `${WALLET_STORAGE_PREFIX}${address.toLowerCase()}/list/v1`;

/** Whether a storage key is a wallet's copy (not the list it last showed). */
export const isWalletCopyKey = (key: string) =>
  key.startsWith(WALLET_STORAGE_PREFIX) && !key.endsWith('/list/v1');

/** The storage keys of every wallet's copy this browser holds. */
export function walletStorageKeys(): string[] {
  try {
    const storage = globalThis.localStorage;
    return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(WALLET_STORAGE_PREFIX) ?? false,
    );
  } catch (error) {
    // docs/product.md#errors-and-empty-states: storage failures are console warnings only.
    console.warn(
      '[token-portfolio] could not list the saved copies of wallets’ watchlists:',
      error instanceof Error ? error.message : error,
    );
    return [];
  }
}
