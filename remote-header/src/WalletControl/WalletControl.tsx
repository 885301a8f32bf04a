import '@rainbow-me/rainbowkit/styles.css';
import { use, type ReactNode } from 'react';
import {
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
  darkTheme,
} from '@rainbow-me/rainbowkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WagmiProvider, type Config } from 'wagmi';
import { signInState, theme } from '@token-portfolio/shared';

import type { SessionInfo } from '../auth/authApi';
import { NonceWaitNotice } from '../auth/NonceWaitNotice';
import { useSiweAuthentication } from '../auth/useSiweAuthentication';
import { WalletButton, type WalletButtonProps } from '../WalletButton/WalletButton';
import { createWalletConfig } from '../wallet/wagmiConfig';
import { walletSettings } from '../wallet/walletSettings';
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
  setup ??= Promise.resolve(walletSettings())
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

/**
 * RainbowKit's dialogs on our colour tokens (CSS variables, so they follow the page's
 * scheme as it changes) and our font: one look across the page and its dialogs.
 */
const base = darkTheme({
  accentColor: theme.color.accent,
  accentColorForeground: theme.color.accentText,
  borderRadius: 'medium',
});
const rainbowTheme: typeof base = {
  ...base,
  colors: {
    ...base.colors,
    actionButtonSecondaryBackground: theme.color.surfaceRaised,
    closeButton: theme.color.textMuted,
    closeButtonBackground: theme.color.surfaceRaised,
    generalBorder: theme.color.border,
    generalBorderDim: theme.color.border,
    menuItemBackground: theme.color.hover,
    modalBackdrop: theme.color.backdrop,
    modalBackground: theme.color.surface,
    modalBorder: theme.color.border,
    modalText: theme.color.text,
    modalTextDim: theme.color.textMuted,
    modalTextSecondary: theme.color.textMuted,
    profileAction: theme.color.surfaceRaised,
    profileActionHover: theme.color.hover,
    profileForeground: theme.color.surface,
    selectedOptionBorder: theme.color.border,
    error: theme.color.loss,
  },
  fonts: { body: theme.font.family },
};

function ThemedRainbowKit({ children }: { children: ReactNode }) {
  useWalletSync();
  return (
    <RainbowKitProvider
      theme={rainbowTheme}
      appInfo={{ appName: 'Token Portfolio' }}
      showRecentTransactions
    >
      {children}
    </RainbowKitProvider>
  );
}

function AuthenticatedRainbowKit({
  session,
  children,
}: {
  session: SessionInfo;
  children: ReactNode;
}) {
  const { adapter, status, nonceWaitUntil } = useSiweAuthentication(session);
  return (
    <RainbowKitAuthenticationProvider adapter={adapter} status={status}>
      <NonceWaitNotice until={nonceWaitUntil} />
      <ThemedRainbowKit>{children}</ThemedRainbowKit>
    </RainbowKitAuthenticationProvider>
  );
}

/**
 * The wallet stack and its button: the lazily loaded half of the header. Sign-in is
 * offered where the page has an auth API; elsewhere the wallet connects without it.
 */
export default function WalletControl(buttonProps: WalletButtonProps) {
  const { config, queryClient } = use(walletSetup());
  const signIn = use(signInState());
  const button = (
    <>
      <WalletButton {...buttonProps} />
      <WalletBalancesSlot />
    </>
  );
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        {signIn.auth === 'available' ? (
          <AuthenticatedRainbowKit session={signIn.session}>{button}</AuthenticatedRainbowKit>
        ) : (
          <ThemedRainbowKit>{button}</ThemedRainbowKit>
        )}
      </QueryClientProvider>
    </WagmiProvider>
  );
}
