import type {
  Fixtures,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from '@playwright/test';
import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { startComposedServer } from './servers';
import { startLocalChain, type LocalChain } from './chain';
import { TestWallet } from './wallet';
import { test } from './test';

export interface WalletFixtures {
  wallet: TestWallet;
}
export interface WalletWorkerFixtures {
  localChain: LocalChain;
  /** The fixture market API the wallet app uses (its request log counts market calls). */
  walletMarket: RunningFixtureServer;
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
  walletMarket: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const fixtures = await startFixtureServer();
      await use(fixtures);
      await fixtures.close();
    },
    { scope: 'worker' },
  ],
  walletAppUrl: [
    async ({ localChain, walletMarket }, use) => {
      const server = await startComposedServer({
        MARKET_API_URL: walletMarket.url,
        LOCAL_CHAIN_RPC_URL: localChain.rpcUrl,
      });
      await use(server.url);
      await server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ walletAppUrl }, use) => {
    await use(walletAppUrl);
  },
  // Every page of a wallet test has the test wallet installed, asked for or not.
  wallet: [
    async ({ page, localChain }, use) => {
      const wallet = new TestWallet(localChain.rpcUrl);
      await wallet.install(page);
      await use(wallet);
    },
    { auto: true },
  ],
};

/** Once connected, RainbowKit looks up ENS names on Ethereum mainnet, which this machine cannot reach. */
const ENS_LOOKUP_FAILURE = /^Failed to load resource: net::ERR_NAME_NOT_RESOLVED$/;

/**
 * The test for wallet flows: the fixtures above on the base test, allowing only the ENS
 * lookups' network errors in the console (a test can widen that with `test.use`).
 */
export const walletTest = test.extend<WalletFixtures, WalletWorkerFixtures>({
  ...walletFixtures,
  allowConsoleErrors: ENS_LOOKUP_FAILURE,
});
