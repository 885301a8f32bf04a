import { providedRuntimeConfig, type RuntimeConfig } from '@token-portfolio/shared';

/** The part of the page's runtime config the wallet needs. */
export type WalletSettings = Pick<RuntimeConfig, 'walletConnectProjectId' | 'localChainRpcUrl'>;

/**
 * From the runtime config the page was given (a host's, or the one a standalone page read
 * beside itself). A page without one (a partner's host, an embedding page, a remote's dev
 * server) gets browser wallets on the public chains: it asks nothing of the page's server,
 * which is not ours.
 */
export function walletSettings(): WalletSettings {
  const config = providedRuntimeConfig();
  return {
    walletConnectProjectId: config?.walletConnectProjectId ?? null,
    localChainRpcUrl: config?.localChainRpcUrl ?? null,
  };
}
