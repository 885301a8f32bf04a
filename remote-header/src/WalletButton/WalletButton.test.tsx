import { render, screen, waitFor } from '@testing-library/react';
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
function WalletStack({
  status,
  onOpened,
}: {
  status: AuthenticationStatus;
  onOpened: (requested: false) => void;
}) {
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

/** The header's wallet slot with its early button, then with the wallet stack (as the code comes). */
function SwappedSlot({ withStack }: { withStack: boolean }) {
  const early = (
    <button type="button" onClick={() => undefined}>
      Connect Wallet
    </button>
  );
  return (
    <>
      <button type="button">Add Token</button>
      <div data-testid="wallet-slot">
        {withStack ? (
          <WagmiProvider config={config}>
            <QueryClientProvider client={new QueryClient()}>
              <RainbowKitProvider>
                <WalletButton placeholder={early} />
              </RainbowKitProvider>
            </QueryClientProvider>
          </WagmiProvider>
        ) : (
          early
        )}
      </div>
    </>
  );
}

/** 'Connect Wallet' drawn by the wallet code once ready, not the early one. */
const readyConnectButton = () =>
  screen
    .getAllByRole('button', { name: 'Connect Wallet' })
    .find((button) => button.closest('[aria-hidden="false"]'));

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
    expect(onOpened).toHaveBeenCalledWith(false);
  });

  // The early button, its placeholder and the ready button are three elements in turn.
  it('keeps focus on Connect Wallet as the early button gives way to the ready one', async () => {
    const { rerender } = render(<SwappedSlot withStack={false} />);
    screen.getByRole('button', { name: 'Connect Wallet' }).focus();
    rerender(<SwappedSlot withStack />);
    await waitFor(() => expect(readyConnectButton()).toBeDefined());
    expect(readyConnectButton()).toHaveFocus();
  });

  it('leaves focus where it is when it was not on the early button', async () => {
    const { rerender } = render(<SwappedSlot withStack={false} />);
    screen.getByRole('button', { name: 'Add Token' }).focus();
    rerender(<SwappedSlot withStack />);
    await waitFor(() => expect(readyConnectButton()).toBeDefined());
    expect(screen.getByRole('button', { name: 'Add Token' })).toHaveFocus();
  });
});
