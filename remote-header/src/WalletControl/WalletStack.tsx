import { createContext, memo, use, type ReactNode } from 'react';
import {
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
  darkTheme,
} from '@rainbow-me/rainbowkit';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { WagmiProvider, type Config } from 'wagmi';
import { theme, type SignInState } from '@token-portfolio/shared';
import type { SessionInfo } from '../auth/authApi';
import { NonceWaitNotice } from '../auth/NonceWaitNotice';
import { useSiweAuthentication } from '../auth/useSiweAuthentication';
import { WalletButton, type WalletButtonProps } from '../WalletButton/WalletButton';
import { useWalletSync } from '../wallet/useWalletSync';
import { WalletBalancesSlot } from '../wallet/WalletBalancesSlot';

export interface WalletSetup {
  config: Config;
  queryClient: QueryClient;
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

/** The button's props, handed past WalletStack to the button. */
const ButtonPropsContext = createContext<WalletButtonProps>({});

function RequestedWalletButton() {
  return <WalletButton {...use(ButtonPropsContext)} />;
}

/**
 * Rendered only when its setup changes: WagmiProvider reconnects the wallet each time it
 * renders, which turns a connected wallet's sign-in status to 'loading' and back, and
 * RainbowKit closes its dialogs on the way back (the sign-in dialog the early click asked
 * for, as the header dropped the request). The header's changes reach the button through
 * ButtonPropsContext instead.
 */
const WalletStack = memo(function WalletStack({
  setup: { config, queryClient },
  signIn,
}: {
  setup: WalletSetup;
  signIn: SignInState;
}) {
  const button = (
    <>
      <RequestedWalletButton />
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
});

/** The wallet stack on a given setup and sign-in state, with its button. */
export function ConfiguredWalletControl({
  setup,
  signIn,
  ...buttonProps
}: WalletButtonProps & { setup: WalletSetup; signIn: SignInState }) {
  return (
    <ButtonPropsContext value={buttonProps}>
      <WalletStack setup={setup} signIn={signIn} />
    </ButtonPropsContext>
  );
}
