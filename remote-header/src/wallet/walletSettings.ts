import { providedRuntimeConfig, type RuntimeConfig } from '@token-portfolio/shared';

/** The part of the page's runtime config the wallet needs. */
export type WalletSettings = Pick<RuntimeConfig, 'walletConnectProjectId' | 'localChainRpcUrl'>;

const INJECTED_ONLY: WalletSettings = { walletConnectProjectId: null, localChainRpcUrl: null };

/**
 * The runtime config the page was given (a host's, or the one a standalone page read
 * beside itself); otherwise the page's config.json. A page without one, such as a remote's
 * dev server or an embedding page, gets browser wallets on the public chains.
 */
export async function loadWalletSettings(): Promise<WalletSettings> {
  try {
    const config: Partial<RuntimeConfig> = providedRuntimeConfig() ?? (await fetchPageConfig());
    return {
      walletConnectProjectId: config.walletConnectProjectId ?? null,
      localChainRpcUrl: config.localChainRpcUrl ?? null,
    };
  } catch (error) {
    console.warn(
      '[token-portfolio] wallet: no runtime config, offering browser wallets only',
      error,
    );
    return INJECTED_ONLY;
  }
}

/** Fetched here, not with the shared core's boot code, which would be a second copy of it. */
async function fetchPageConfig(): Promise<Partial<RuntimeConfig>> {
  const response = await fetch(new URL('config.json', document.baseURI), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as Partial<RuntimeConfig>;
}
