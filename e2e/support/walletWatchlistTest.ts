// For tests of issue 46 "Your portfolio follows your wallet": two browser contexts are two
// devices signed in to the same wallet (the local chain and the test wallet).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { startComposedServer } from './servers';
import { TestWallet } from './wallet';
import { walletTest } from './walletTest';

/** A change on one device shows on the other within 5 s (the product's promise); generous under load. */
export const LIVE = { timeout: 15_000 };

/** Sessions signed with it outlive a restart of the server. */
export const TEST_AUTH_SECRET = 'a-test-secret-that-is-at-least-32-characters-long';

/**
 * The wallet tests' fixtures with a server that keeps the wallets' lists as `npm start` does
 * (a file per wallet in a DATA_DIR of the worker's own) and a set AUTH_SECRET.
 */
export const walletWatchlistTest = walletTest.extend<object, { dataDir: string }>({
  dataDir: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'tp-watchlists-'));
      await use(dir);
      await rm(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  walletAppUrl: [
    async ({ localChain, walletMarket, dataDir }, use) => {
      const server = await startComposedServer({
        MARKET_API_URL: walletMarket.url,
        LOCAL_CHAIN_RPC_URL: localChain.rpcUrl,
        AUTH_SECRET: TEST_AUTH_SECRET,
        DATA_DIR: dataDir,
      });
      await use(server.url);
      await server.close();
    },
    { scope: 'worker' },
  ],
});

/** A device: a new browser context (these options) with this wallet installed (a wallet of its own), on the app. */
export async function openDevice(
  browser: Browser,
  wallet: TestWallet,
  options: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await wallet.install(page);
  await page.goto('/');
  return page;
}

/** Another device: a new browser context with its own test wallet, on the app. */
export const secondDevice = (browser: Browser, baseURL: string, rpcUrl: string): Promise<Page> =>
  openDevice(browser, new TestWallet(rpcUrl), { baseURL });
