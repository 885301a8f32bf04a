import type { Browser, Page } from '@playwright/test';
import { startLocalChain } from '../../e2e/support/chain';
import { TestWallet } from '../../e2e/support/wallet';
import { openPage } from '../browser';
import { startComposed, urlOf, type BenchServers } from '../servers';
import { seriousAxeViolations } from './axe';

async function openComposedPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Watchlist' }).waitFor();
  await page.getByRole('button', { name: 'Connect Wallet' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** The page, then with the Add Token modal open. */
async function pageAndModal(browser: Browser, url: string): Promise<Record<string, string[]>> {
  const { context, page } = await openPage(browser, { throttled: false });
  try {
    await openComposedPage(page, url);
    const onPage = await seriousAxeViolations(page);
    await page.getByRole('button', { name: 'Add Token' }).click();
    await page.getByRole('dialog').getByText('Trending').waitFor();
    return { page: onPage, 'Add Token modal open': await seriousAxeViolations(page) };
  } finally {
    await context.close();
  }
}

/**
 * With a wallet connected and signed in: the e2e tests' local chain and test wallet,
 * and a composed server that offers the local chain.
 */
async function walletConnected(browser: Browser, servers: BenchServers): Promise<string[]> {
  const chain = await startLocalChain();
  const app = await startComposed(servers.dists.federated, {
    MARKET_API_URL: servers.fixtures.url,
    LOCAL_CHAIN_RPC_URL: chain.rpcUrl,
  });
  const { context, page } = await openPage(browser, { throttled: false });
  try {
    const wallet = new TestWallet(chain.rpcUrl);
    await wallet.install(page);
    await openComposedPage(page, urlOf(app));
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click();
    await page.getByRole('button', { name: 'Sign message' }).click();
    const { address } = wallet.account;
    await page
      .getByRole('button', { name: `${address.slice(0, 4)}…${address.slice(-4)}` })
      .waitFor();
    return await seriousAxeViolations(page);
  } finally {
    await context.close();
    await app.close();
    await chain.close();
  }
}

/** axe-core's serious and critical violations in each state the issue names. */
export async function accessibilityViolations(
  browser: Browser,
  servers: BenchServers,
): Promise<Record<string, string[] | null>> {
  const states = await pageAndModal(browser, servers.urls.federated);
  const wallet = await walletConnected(browser, servers).catch((error: unknown) => {
    console.error(`  wallet-connected audit failed: ${String(error).split('\n')[0]}`);
    return null;
  });
  return { ...states, 'wallet connected': wallet };
}
