// Issue 46 part 10, as a person uses two devices signed in to one wallet: each browser
// context is a device with a wallet of its own holding the same key (a fresh key per test,
// so each test starts from an empty saved watchlist). What each device shows is checked
// through ui.ts; what the server holds through GET /api/watchlist with that device's cookie.
import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { goOffline, goOnline, startNetworkLink, type NetworkLink } from '../support/networkLink';
import { expect } from '../support/test';
import { TestWallet } from '../support/wallet';
import { LIVE, openDevice, walletWatchlistTest } from '../support/walletWatchlistTest';
import {
  addTokens,
  connectAndSignIn,
  editHoldings,
  syncStatus,
  watchlist,
  watchlistCell,
} from '../support/ui';

interface Devices {
  /** The `page`'s network: its browser context uses it as its proxy. */
  link: NetworkLink;
  /** This test's wallet key: the `page`'s wallet and every device's hold it. */
  walletKey: Hex;
  /** Another device of the same wallet (a new browser context), signed in; closed after the test. */
  anotherDevice(): Promise<Page>;
}

const test = walletWatchlistTest.extend<Devices>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  link: async ({}, use) => {
    const link = await startNetworkLink();
    await use(link);
    await link.close();
  },
  proxy: async ({ link }, use) => {
    await use({ server: link.url });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  walletKey: async ({}, use) => {
    await use(generatePrivateKey());
  },
  wallet: [
    async ({ page, localChain, walletKey }, use) => {
      const wallet = new TestWallet(localChain.rpcUrl, walletKey);
      await wallet.install(page);
      await use(wallet);
    },
    { auto: true },
  ],
  anotherDevice: async ({ browser, walletAppUrl, localChain, walletKey }, use) => {
    const opened: { device: Page; link: NetworkLink }[] = [];
    await use(async () => {
      // A network of its own (else it would share the test's page's).
      const link = await startNetworkLink();
      const wallet = new TestWallet(localChain.rpcUrl, walletKey);
      const device = await openDevice(browser, wallet, {
        baseURL: walletAppUrl,
        proxy: { server: link.url },
      });
      opened.push({ device, link });
      await connectAndSignIn(device, wallet.account.address);
      return device;
    });
    for (const { device, link } of opened) {
      await device.context().close();
      await link.close();
    }
  },
});

// Hosts this machine cannot reach (Ethereum mainnet, for ENS names) answer nothing through a
// device's network link; offline, Chromium reports the requests it could not send (and the
// event stream the link cut), and the page the prices it could not fetch.
test.use({
  allowConsoleErrors:
    /^(Failed to load resource: net::(ERR_EMPTY_RESPONSE|ERR_INTERNET_DISCONNECTED|ERR_INCOMPLETE_CHUNKED_ENCODING)|An unexpected error occurred while fetching market data: Connection error\.)$/,
});

/** The saved watchlist as the server gives it to this device's session. */
async function savedWatchlist(page: Page): Promise<{ version: number; tokens: unknown[] }> {
  const answer = await page.request.get('/api/watchlist');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { version: number; tokens: unknown[] };
}

/** The watchlist's tokens, in its order, as rows show them ('Bitcoin (BTC)' …). */
const tokenNames = (page: Page) => watchlist(page).getByRole('rowheader');

/** Refresh Prices, and its answer in. */
async function refreshPrices(page: Page) {
  const refresh = watchlist(page).getByRole('button', { name: 'Refresh Prices' });
  await refresh.click();
  await expect(refresh).toHaveAttribute('aria-busy', 'false');
}

/** The first device: the test's page, signed in to the test's wallet, with the wallet's list. */
async function signIn(page: Page, wallet: TestWallet) {
  await page.goto('/');
  await connectAndSignIn(page, wallet.account.address);
  await expect(syncStatus(page)).toHaveText('Saved');
}

test('both devices edit while one is offline, then show every edit: the later one of the same token wins', async ({
  page: laptop,
  wallet,
  link,
  anotherDevice,
}) => {
  test.setTimeout(180_000); // two devices signing in on a busy machine
  await signIn(laptop, wallet);
  await addTokens(laptop, ['Bitcoin']);
  await editHoldings(laptop, 'Bitcoin', '1');
  await expect(syncStatus(laptop)).toHaveText('Saved');
  const phone = await anotherDevice();
  await expect(watchlistCell(phone, 'Bitcoin', 'holdings')).toHaveText('1');

  // The laptop loses its network: its edits wait on it.
  await goOffline(laptop, link);
  await editHoldings(laptop, 'Bitcoin', '3');
  await addTokens(laptop, ['Ethereum']);
  await expect(syncStatus(laptop)).toHaveText('Saved on this device; will sync');

  // Meanwhile the phone edits the same token and adds another: the server has them first.
  await addTokens(phone, ['Solana']);
  await editHoldings(phone, 'Bitcoin', '2');
  await expect(syncStatus(phone)).toHaveText('Saved');
  expect((await savedWatchlist(phone)).tokens).toEqual([
    { id: 'bitcoin', holdings: '2' },
    { id: 'solana', holdings: '0' },
  ]);
  await expect(watchlistCell(laptop, 'Bitcoin', 'holdings')).toHaveText('3');

  // Back online, the laptop's edits reach the server after the phone's: its Bitcoin wins,
  // and both additions stay.
  await goOnline(laptop, link);
  await expect(syncStatus(laptop)).toHaveText('Saved', LIVE);
  // Prices fetched while offline failed: the person asks again.
  await refreshPrices(laptop);
  const merged = [
    { id: 'bitcoin', holdings: '3' },
    { id: 'ethereum', holdings: '0' },
    { id: 'solana', holdings: '0' },
  ];
  expect((await savedWatchlist(laptop)).tokens).toEqual(merged);
  for (const device of [laptop, phone]) {
    await expect(tokenNames(device)).toHaveText([/^Bitcoin/, /^Ethereum/, /^Solana/], LIVE);
    await expect(watchlistCell(device, 'Bitcoin', 'holdings')).toHaveText('3');
  }
  await expect(syncStatus(phone)).toHaveText('Saved');
});
