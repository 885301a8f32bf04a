import { providedRuntimeConfig, type RuntimeConfig } from '@token-portfolio/shared';

/** The part of the page's runtime config the wallet needs. */
export type WalletSettings = Pick<RuntimeConfig, 'walletConnectProjectId' | 'localChainRpcUrl'>;

const INJECTED_ONLY: WalletSettings = { walletConnectProjectId: null, localChainRpcUrl: null };

/**
 * The host's runtime config when there is a host; otherwise the page's /config.json (the
 * composed server serves it beside an embedding page too). A page without one, such as a
 * remote's dev server, gets browser wallets on the public chains.
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

async function fetchPageConfig(): Promise<Partial<RuntimeConfig>> {
  const response = await fetch(new URL('config.json', document.baseURI), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as Partial<RuntimeConfig>;
}
