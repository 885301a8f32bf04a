import { connectorsForWallets, type WalletList } from '@rainbow-me/rainbowkit';
import {
  coinbaseWallet,
  injectedWallet,
  metaMaskWallet,
  rainbowWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets';
import { createConfig, http, type Config } from 'wagmi';
import { walletChains } from './chains';
import type { WalletSettings } from './walletSettings';

const APP_NAME = 'Token Portfolio';
// A dead RPC endpoint (offline, blocked) fails a read after this instead of holding it.
const RPC_TIMEOUT_MS = 8_000;

/**
 * Built by hand rather than with getDefaultConfig: without a WalletConnect project id
 * nothing may reach WalletConnect, so only browser (injected) wallets are listed. Wallets
 * announced through EIP-6963 are discovered by wagmi on top of these.
 */
export function createWalletConfig({
  walletConnectProjectId,
  localChainRpcUrl,
}: WalletSettings): Config {
  const wallets: WalletList = [
    {
      groupName: 'Popular',
      wallets: walletConnectProjectId
        ? [injectedWallet, metaMaskWallet, rainbowWallet, coinbaseWallet, walletConnectWallet]
        : [injectedWallet],
    },
  ];
  const chains = walletChains(localChainRpcUrl);
  return createConfig({
    chains,
    connectors: connectorsForWallets(wallets, {
      appName: APP_NAME,
      projectId: walletConnectProjectId ?? '',
    }),
    transports: Object.fromEntries(
      chains.map((chain) => [
        chain.id,
        http(undefined, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
      ]),
    ),
  });
}
