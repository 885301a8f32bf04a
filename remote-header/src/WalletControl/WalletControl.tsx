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
import { WalletBalancesSlot } from '../wallet/WalletBalancesSlot';

// One wallet config and query cache per page, started as soon as this chunk arrives.
const walletSetup: Promise<{ config: Config; queryClient: QueryClient }> =
  loadWalletSettings().then((settings) => ({
    config: createWalletConfig(settings),
    queryClient: new QueryClient(),
  }));

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
  const { config, queryClient } = use(walletSetup);
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
