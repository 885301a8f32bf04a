import type {
  Fixtures,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from '@playwright/test';
import { startFixtureServer } from '@token-portfolio/shared/fixtures';
import { startComposedServer } from './servers';
import { startLocalChain, type LocalChain } from './chain';
import { TestWallet } from './wallet';

export interface WalletFixtures {
  wallet: TestWallet;
}
export interface WalletWorkerFixtures {
  localChain: LocalChain;
  walletAppUrl: string;
}

/**
 * For tests of the wallet header (`test.extend(walletFixtures)`): each worker runs a
 * local chain and a composed server that offers it (LOCAL_CHAIN_RPC_URL); each test gets
 * a fresh test wallet in its page.
 */
export const walletFixtures: Fixtures<
  WalletFixtures,
  WalletWorkerFixtures,
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = {
  localChain: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const chain = await startLocalChain();
      await use(chain);
      await chain.close();
    },
    { scope: 'worker' },
  ],
  walletAppUrl: [
    async ({ localChain }, use) => {
      const fixtures = await startFixtureServer();
      const server = await startComposedServer({
        MARKET_API_URL: fixtures.url,
        LOCAL_CHAIN_RPC_URL: localChain.rpcUrl,
      });
      await use(server.url);
      await server.close();
      await fixtures.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ walletAppUrl }, use) => {
    await use(walletAppUrl);
  },
  wallet: async ({ page, localChain }, use) => {
    const wallet = new TestWallet(localChain.rpcUrl);
    await wallet.install(page);
    await use(wallet);
  },
};
