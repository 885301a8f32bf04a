import '@rainbow-me/rainbowkit/styles.css';
import { use, type ReactNode } from 'react';
import {
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
  darkTheme,
} from '@rainbow-me/rainbowkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WagmiProvider, type Config } from 'wagmi';
import { theme } from '@token-portfolio/shared';
import { useSiweAuthentication } from '../auth/useSiweAuthentication';
import { WalletButton } from '../WalletButton/WalletButton';
import { createWalletConfig } from '../wallet/wagmiConfig';
import { loadWalletSettings } from '../wallet/walletSettings';
import { useWalletSync } from '../wallet/useWalletSync';
import { guardStorageForWallet } from '../wallet/walletStorage';
import { WalletBalancesSlot } from '../wallet/WalletBalancesSlot';

interface WalletSetup {
  config: Config;
  queryClient: QueryClient;
}

let setup: Promise<WalletSetup> | null = null;

/**
 * One wallet config and query cache per page, made on first use. A failure is not kept:
 * the header's Retry makes a new attempt.
 */
function walletSetup(): Promise<WalletSetup> {
  setup ??= loadWalletSettings()
    .then((settings) => {
      guardStorageForWallet();
      return { config: createWalletConfig(settings), queryClient: new QueryClient() };
    })
    .catch((error: unknown) => {
      setup = null;
      throw error;
    });
  return setup;
}

const rainbowTheme = darkTheme({
  accentColor: theme.color.accent,
  accentColorForeground: theme.color.accentText,
  borderRadius: 'medium',
});

function AuthenticatedRainbowKit({ children }: { children: ReactNode }) {
  const { adapter, status } = useSiweAuthentication();
  useWalletSync();
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={status}>
      <RainbowKitProvider
        theme={rainbowTheme}
        appInfo={{ appName: 'Token Portfolio' }}
        showRecentTransactions
      >
        {children}
      </RainbowKitProvider>
    </RainbowKitAuthenticationProvider>
  );
}

/** The wallet stack and its button: the lazily loaded half of the header. */
export default function WalletControl() {
  const { config, queryClient } = use(walletSetup());
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <AuthenticatedRainbowKit>
          <WalletButton />
          <WalletBalancesSlot />
        </AuthenticatedRainbowKit>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
