import '@rainbow-me/rainbowkit/styles.css';
import { use } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { signInState } from '@token-portfolio/shared';
import type { WalletButtonProps } from '../WalletButton/WalletButton';
import { createWalletConfig } from '../wallet/wagmiConfig';
import { walletSettings } from '../wallet/walletSettings';
import { guardStorageForWallet } from '../wallet/walletStorage';
import { ConfiguredWalletControl, type WalletSetup } from './WalletStack';

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
 * The wallet stack and its button: the lazily loaded half of the header. Sign-in is
 * offered where the page has an auth API; elsewhere the wallet connects without it.
 */
export default function WalletControl(buttonProps: WalletButtonProps) {
  return (
    <ConfiguredWalletControl
      setup={use(walletSetup())}
      signIn={use(signInState())}
      {...buttonProps}
    />
  );
}
