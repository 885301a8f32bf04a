import { render, screen } from '@testing-library/react';
import {
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
  type AuthenticationStatus,
} from '@rainbow-me/rainbowkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WagmiProvider } from 'wagmi';
import { createSiweAdapter } from '../auth/siweAdapter';
import { createWalletConfig } from '../wallet/wagmiConfig';
import { WalletButton } from './WalletButton';

const config = createWalletConfig({ walletConnectProjectId: null, localChainRpcUrl: null });
const adapter = createSiweAdapter(() => undefined);

/** The real wallet stack around the button, with the sign-in status the page would give. */
function WalletStack({ status, onOpened }: { status: AuthenticationStatus; onOpened: () => void }) {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={new QueryClient()}>
        <RainbowKitAuthenticationProvider adapter={adapter} status={status}>
          <RainbowKitProvider>
            <WalletButton connectRequested onConnectOpened={onOpened} />
          </RainbowKitProvider>
        </RainbowKitAuthenticationProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}

describe('WalletButton', () => {
  // 'Connect Wallet' pressed on the early button, before the wallet code came.
  it('opens the connect dialog it was asked for once the sign-in status is known', async () => {
    const onOpened = jest.fn();
    const { rerender } = render(<WalletStack status="loading" onOpened={onOpened} />);
    // The wallet's reconnect ends: the status turns 'unauthenticated' and the button is
    // ready in the same render, when RainbowKit also closes its dialogs.
    rerender(<WalletStack status="unauthenticated" onOpened={onOpened} />);
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(onOpened).toHaveBeenCalledTimes(1);
  });
});
