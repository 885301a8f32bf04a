import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { defineChain } from 'viem';
import { createConfig, http } from 'wagmi';
import { hardhat } from 'wagmi/chains';
import { mock } from 'wagmi/connectors';
import { WidgetRoot, type SignInState } from '@token-portfolio/shared';
import { ConfiguredWalletControl, type WalletSetup } from '../WalletControl/WalletStack';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * The wallet's node: wagmi's mock wallet asks it which accounts it holds (answered) and
 * anything else (refused: the test needs no chain).
 */
function walletNode(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          method === 'eth_accounts'
            ? { jsonrpc: '2.0', id, result: [ACCOUNT] }
            : { jsonrpc: '2.0', id, error: { code: -32601, message: `${method} is not offered` } },
        ),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A browser wallet that already authorizes the site, as the browser tests' wallet does. */
function authorizingWalletSetup(nodeUrl: string): WalletSetup {
  const chain = defineChain({ ...hardhat, rpcUrls: { default: { http: [nodeUrl] } } });
  const config = createConfig({
    chains: [chain],
    connectors: [
      mock({ accounts: [ACCOUNT], features: { reconnect: true, defaultConnected: true } }),
    ],
    transports: { [chain.id]: http(nodeUrl, { retryCount: 0 }) },
  });
  return { config, queryClient: new QueryClient() };
}

const signedOut: SignInState = { auth: 'available', session: { address: null, chainId: null } };

/**
 * The header around the wallet control, nobody signed in, 'Connect Wallet' pressed before
 * the wallet code came: it drops the request once the dialog opened, and renders again
 * whenever its own state changes (`renders`, e.g. the portfolio finished loading).
 */
function HeaderBar({ setup, renders }: { setup: WalletSetup; renders: number }) {
  const [connectRequested, setConnectRequested] = useState(true);
  return (
    <header data-renders={renders}>
      <ConfiguredWalletControl
        setup={setup}
        signIn={signedOut}
        connectRequested={connectRequested}
        onConnectOpened={setConnectRequested}
      />
    </header>
  );
}

describe('The early Connect Wallet click with a wallet that already authorizes the site', () => {
  let node: Server;
  let setup: WalletSetup;
  beforeAll(async () => {
    node = await walletNode();
    setup = authorizingWalletSetup(`http://127.0.0.1:${(node.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise((resolve) => node.close(resolve)));
  // The site's data was cleared: wagmi has no stored connection.
  beforeEach(() => localStorage.clear());

  it('keeps its dialog at the sign-in step while the header renders again', async () => {
    const page = (renders: number) => (
      <WidgetRoot>
        <HeaderBar setup={setup} renders={renders} />
      </WidgetRoot>
    );
    const { rerender } = render(page(1));
    // The wallet connects on its own: the dialog moves on to signing in.
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Verify your account')).toBeVisible();
    await waitFor(() => expect(setup.config.state.status).toBe('connected'));

    rerender(page(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(setup.config.state.status).toBe('connected');
    expect(within(screen.getByRole('dialog')).getByText('Verify your account')).toBeVisible();
  });
});
