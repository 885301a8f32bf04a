import type { RuntimeConfig } from '@token-portfolio/shared';

/** The part of the page's runtime config the wallet needs. */
export type WalletSettings = Pick<RuntimeConfig, 'walletConnectProjectId' | 'localChainRpcUrl'>;

const INJECTED_ONLY: WalletSettings = { walletConnectProjectId: null, localChainRpcUrl: null };

/**
 * Reads the composed page's /config.json (the host serves it beside the page). A page
 * without one, such as a remote's dev server, gets browser wallets on the public chains.
 */
export async function loadWalletSettings(): Promise<WalletSettings> {
  try {
    const response = await fetch(new URL('config.json', document.baseURI), { cache: 'no-cache' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    const config = (await response.json()) as Partial<RuntimeConfig>;
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
