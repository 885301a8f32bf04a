// Issue 46 part 10, as a person uses two devices signed in to one wallet: each browser
// context is a device with a wallet of its own holding the same key (a fresh key per test,
// so each test starts from an empty saved watchlist). What each device shows is checked
// through ui.ts; what the server holds through GET /api/watchlist with that device's cookie.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { STREAM_HEARTBEAT_MS } from '@token-portfolio/shared/watchlist-bodies';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { goOffline, goOnline, startNetworkLink, type NetworkLink } from '../support/networkLink';
import { startComposedServerProcess } from '../support/servers';
import { expect } from '../support/test';
import { TestWallet } from '../support/wallet';
import {
  LIVE,
  TEST_AUTH_SECRET,
  openDevice,
  walletWatchlistTest,
} from '../support/walletWatchlistTest';
import {
  accountButton,
  addTokens,
  connectAndSignIn,
  connectButton,
  editHoldings,
  exportWatchlist,
  importWatchlistFile,
  removeToken,
  syncStatus,
  watchlist,
  watchlistCell,
  watchlistRow,
} from '../support/ui';

interface Devices {
  /** The `page`'s network: its browser context uses it as its proxy. */
  link: NetworkLink;
  /** This test's wallet key: the `page`'s wallet and every device's hold it. */
  walletKey: Hex;
  /**
   * Another device (a new browser context with a network of its own), signed in to the test's
   * wallet (or the wallet of `key`) on the app (or at `baseURL`); closed after the test.
   */
  anotherDevice(options?: { key?: Hex; baseURL?: string }): Promise<Page>;
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
  // Still installed in every page (the base fixture is automatic), now with the test's key.
  wallet: async ({ page, localChain, walletKey }, use) => {
    const wallet = new TestWallet(localChain.rpcUrl, walletKey);
    await wallet.install(page);
    await use(wallet);
  },
  anotherDevice: async ({ browser, walletAppUrl, localChain, walletKey }, use) => {
    const opened: { device: Page; link: NetworkLink }[] = [];
    await use(async ({ key = walletKey, baseURL = walletAppUrl } = {}) => {
      // A network of its own (else it would share the test's page's).
      const link = await startNetworkLink();
      const wallet = new TestWallet(localChain.rpcUrl, key);
      const device = await openDevice(browser, wallet, { baseURL, proxy: { server: link.url } });
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
// device's network link, and a request to them still open when the link is cut is reset;
// offline, Chromium reports the requests it could not send (and the event stream the link
// cut), and the page the prices it could not fetch.
test.use({
  allowConsoleErrors:
    /^(Failed to load resource: net::(ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET|ERR_INTERNET_DISCONNECTED|ERR_INCOMPLETE_CHUNKED_ENCODING)|An unexpected error occurred while fetching market data: Connection error\.)$/,
});

/** The saved watchlist as the server gives it to this device's session. */
async function savedWatchlist(page: Page): Promise<{ version: number; tokens: unknown[] }> {
  const answer = await page.request.get(new URL('/api/watchlist', page.url()).href);
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
async function signIn(page: Page, wallet: TestWallet, url = '/') {
  await page.goto(url);
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
  const phone = await laptopAndPhone({ laptop, wallet, anotherDevice }, { Bitcoin: '1' });

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

/**
 * The laptop (the test's page) signed in with a list of these holdings, and a phone signed in
 * to the same wallet showing it; on the app, or the server at `url`.
 */
async function laptopAndPhone(
  {
    laptop,
    wallet,
    anotherDevice,
  }: { laptop: Page; wallet: TestWallet } & Pick<Devices, 'anotherDevice'>,
  holdings: Record<string, string>,
  url?: string,
): Promise<Page> {
  await signIn(laptop, wallet, url);
  await startList(laptop, holdings);
  const phone = await anotherDevice(url ? { baseURL: url } : {});
  for (const [name, amount] of Object.entries(holdings)) {
    await expect(watchlistCell(phone, name, 'holdings')).toHaveText(amount);
  }
  return phone;
}

/** The laptop's network is back, unevenly (see sendsFailUntilNewsArrive); its changes reach the server. */
async function backOnline(laptop: Page, link: NetworkLink) {
  await sendsFailUntilNewsArrive(laptop);
  await goOnline(laptop, link);
  await expect(syncStatus(laptop)).toHaveText('Saved', LIVE);
}

/** Adds these tokens and gives them these holdings; waits until the server has them. */
async function startList(page: Page, holdings: Record<string, string>) {
  await addTokens(page, Object.keys(holdings));
  for (const [name, amount] of Object.entries(holdings)) await editHoldings(page, name, amount);
  await expect(syncStatus(page)).toHaveText('Saved');
}

/**
 * The network comes back unevenly: the device's tries to send its changes fail until the
 * server's news (the list, or the event stream) has reached it again. Either order happens on
 * a real network; this one is made certain here. What crossed must still be said: a request's
 * baseVersion is the version the list reflected when its changes were made (docs/architecture.md#the-
 * wallets-watchlist-in-the-page, Edits), not the one the page has heard of since.
 */
async function sendsFailUntilNewsArrive(page: Page) {
  let newsArrived = false;
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const news = pathname === '/api/watchlist' || pathname === '/api/watchlist/events';
    if (news && response.request().method() === 'GET' && response.ok()) newsArrived = true;
  });
  await page.route('**/api/watchlist/changes', (route) =>
    newsArrived ? route.continue() : route.abort('internetdisconnected'),
  );
}

/** One of the sync's messages on the page (docs/product.md#your-watchlist-follows-your-wallet). */
const message = (page: Page, text: string): Locator =>
  page.getByRole('status').filter({ hasText: text });

test('an edit that reaches the server after a removal on another device brings the token back, and both pages say so', async ({
  page: laptop,
  wallet,
  link,
  anotherDevice,
}) => {
  test.setTimeout(180_000);
  const phone = await laptopAndPhone(
    { laptop, wallet, anotherDevice },
    { Bitcoin: '1', Solana: '20' },
  );

  await goOffline(laptop, link);
  await editHoldings(laptop, 'Bitcoin', '4');
  await expect(syncStatus(laptop)).toHaveText('Saved on this device; will sync');
  await removeToken(phone, 'Bitcoin');
  await expect(watchlistRow(phone, 'Bitcoin')).toHaveCount(0);
  await expect(syncStatus(phone)).toHaveText('Saved');
  expect((await savedWatchlist(phone)).tokens).toEqual([{ id: 'solana', holdings: '20' }]);

  // The laptop's edit arrives later: it wins, and the token comes back (at the end) on both.
  await backOnline(laptop, link);
  await expect(
    message(laptop, 'Bitcoin was removed on another device; your edit brought it back.'),
  ).toBeVisible();
  await expect(message(phone, 'Bitcoin is back: it was edited on another device.')).toBeVisible(
    LIVE,
  );
  expect((await savedWatchlist(phone)).tokens).toEqual([
    { id: 'solana', holdings: '20' },
    { id: 'bitcoin', holdings: '4' },
  ]);
  for (const device of [laptop, phone]) {
    await expect(tokenNames(device)).toHaveText([/^Solana/, /^Bitcoin/], LIVE);
    await expect(watchlistCell(device, 'Bitcoin', 'holdings')).toHaveText('4');
  }
});

test('a removal that reaches the server after an edit on another device wins, and the editing device is told', async ({
  page: laptop,
  wallet,
  link,
  anotherDevice,
}) => {
  test.setTimeout(180_000);
  const phone = await laptopAndPhone(
    { laptop, wallet, anotherDevice },
    { Bitcoin: '1', Solana: '20' },
  );

  await goOffline(laptop, link);
  await removeToken(laptop, 'Bitcoin');
  await expect(watchlistRow(laptop, 'Bitcoin')).toHaveCount(0);
  await expect(syncStatus(laptop)).toHaveText('Saved on this device; will sync');
  await editHoldings(phone, 'Bitcoin', '7');
  await expect(syncStatus(phone)).toHaveText('Saved');
  expect((await savedWatchlist(phone)).tokens).toEqual([
    { id: 'bitcoin', holdings: '7' },
    { id: 'solana', holdings: '20' },
  ]);

  // The laptop's removal arrives later: it wins, and the phone says its edit was overridden.
  await backOnline(laptop, link);
  await expect(message(phone, 'Bitcoin was removed on another device.')).toBeVisible(LIVE);
  for (const device of [laptop, phone]) {
    await expect(tokenNames(device)).toHaveText([/^Solana/], LIVE);
  }
  expect((await savedWatchlist(laptop)).tokens).toEqual([{ id: 'solana', holdings: '20' }]);
});

test('with its site data cleared, a browser signs in again and has the whole list back', async ({
  page,
  wallet,
}) => {
  test.setTimeout(120_000);
  await signIn(page, wallet);
  await startList(page, { Solana: '12.5', Bitcoin: '0.25', Ethereum: '3' });
  await expect(tokenNames(page)).toHaveText([/^Solana/, /^Bitcoin/, /^Ethereum/]);
  const saved = await savedWatchlist(page);

  // Clear site data: cookies and storage go; the page opens signed out, with the samples.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(connectButton(page)).toBeVisible();
  await expect(watchlistRow(page, 'Dogecoin')).toBeVisible();
  await expect(watchlistRow(page, 'Bitcoin')).toHaveCount(0);

  // The wallet still knows the site: Connect Wallet asks only for the signature.
  await connectButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign message' }).click();
  await expect(accountButton(page, wallet.account.address)).toBeVisible();
  await expect(syncStatus(page)).toHaveText('Saved');
  await expect(tokenNames(page)).toHaveText([/^Solana/, /^Bitcoin/, /^Ethereum/]);
  await expect(watchlistCell(page, 'Solana', 'holdings')).toHaveText('12.5');
  await expect(watchlistCell(page, 'Bitcoin', 'holdings')).toHaveText('0.25');
  await expect(watchlistCell(page, 'Ethereum', 'holdings')).toHaveText('3');
  expect(await savedWatchlist(page)).toEqual(saved);
});

test('after a restart of the server on the same data folder, the pages reconnect, the list is all there and changes flow again', async ({
  page: laptop,
  wallet,
  anotherDevice,
  localChain,
  walletMarket,
}) => {
  test.setTimeout(600_000); // a server process starting twice on a busy machine
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-restart-'));
  // The default file store: no REDIS_URL.
  const server = await startComposedServerProcess({
    MARKET_API_URL: walletMarket.url,
    LOCAL_CHAIN_RPC_URL: localChain.rpcUrl,
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
  });
  try {
    const phone = await laptopAndPhone(
      { laptop, wallet, anotherDevice },
      { Bitcoin: '2', Solana: '20' },
      server.url,
    );
    expect((await savedWatchlist(laptop)).tokens).toEqual([
      { id: 'bitcoin', holdings: '2' },
      { id: 'solana', holdings: '20' },
    ]);

    await server.stop();
    await server.start();

    // Both pages stay signed in (AUTH_SECRET is the same): changes made after the restart
    // reach the other device, both ways, on top of the whole list.
    await addTokens(laptop, ['Ethereum']);
    await expect(syncStatus(laptop)).toHaveText('Saved', LIVE);
    await expect(watchlistRow(phone, 'Ethereum')).toBeVisible(LIVE);
    await editHoldings(phone, 'Solana', '9');
    await expect(syncStatus(phone)).toHaveText('Saved', LIVE);
    await expect(watchlistCell(laptop, 'Solana', 'holdings')).toHaveText('9', LIVE);
    for (const device of [laptop, phone]) {
      await expect(tokenNames(device)).toHaveText([/^Bitcoin/, /^Solana/, /^Ethereum/]);
      await expect(watchlistCell(device, 'Bitcoin', 'holdings')).toHaveText('2');
    }
    expect((await savedWatchlist(laptop)).tokens).toEqual([
      { id: 'bitcoin', holdings: '2' },
      { id: 'solana', holdings: '9' },
      { id: 'ethereum', holdings: '0' },
    ]);
    // A page opened now has it all at once.
    await phone.reload();
    await expect(tokenNames(phone)).toHaveText([/^Bitcoin/, /^Solana/, /^Ethereum/]);
    await expect(watchlistCell(phone, 'Solana', 'holdings')).toHaveText('9');
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

/**
 * A page takes an event stream silent for 2.5 heartbeats for dead and opens another
 * (docs/architecture.md#the-wallets-watchlist-in-the-page): that, and the new connection, on a
 * busy machine.
 */
const DEAD_STREAM_GIVEN_UP = { timeout: 4 * STREAM_HEARTBEAT_MS };

test('a phone whose connection died silently shows the laptop’s change within a minute once it is back, without a reload', async ({
  page: phone,
  wallet,
  link,
  anotherDevice,
}) => {
  test.setTimeout(300_000); // two devices signing in, then a minute of silence, on a busy machine
  await signIn(phone, wallet);
  await startList(phone, { Bitcoin: '1' });
  const laptop = await anotherDevice();
  await expect(watchlistCell(laptop, 'Bitcoin', 'holdings')).toHaveText('1');
  // The phone's event stream is open: the laptop's edit shows there within moments.
  await editHoldings(laptop, 'Bitcoin', '2');
  await expect(syncStatus(laptop)).toHaveText('Saved');
  await expect(watchlistCell(phone, 'Bitcoin', 'holdings')).toHaveText('2', LIVE);
  const consoleSaid: { type: string; text: string }[] = [];
  phone.on('console', (said) => consoleSaid.push({ type: said.type(), text: said.text() }));

  // The phone's route dies without a word (no FIN, no RST): its stream stays open, silent.
  link.stall();
  await addTokens(laptop, ['Ethereum']);
  await expect(syncStatus(laptop)).toHaveText('Saved');
  await expect(watchlistRow(phone, 'Ethereum')).toHaveCount(0);
  // A route is back for new connections; the phone's stream is still on the dead one.
  link.restore();

  await expect(watchlistRow(phone, 'Ethereum')).toBeVisible(DEAD_STREAM_GIVEN_UP);
  await expect(tokenNames(phone)).toHaveText([/^Bitcoin/, /^Ethereum/]);
  await expect(watchlistCell(phone, 'Bitcoin', 'holdings')).toHaveText('2');
  await expect(syncStatus(phone)).toHaveText('Saved');
  // Said as a warning, not an error: the page mended it by itself.
  expect(consoleSaid.filter(({ type }) => type === 'error')).toEqual([]);
  expect(consoleSaid).toContainEqual({
    type: 'warning',
    text: '[token-portfolio] the saved watchlist’s stream went silent: connecting again',
  });
});

test('another wallet signing in sees nothing of this wallet’s list, and its own stays apart', async ({
  page: laptop,
  wallet,
  anotherDevice,
}) => {
  test.setTimeout(180_000);
  await signIn(laptop, wallet);
  await startList(laptop, { Bitcoin: '5', Solana: '20' });

  const stranger = await anotherDevice({ key: generatePrivateKey() });
  await expect(syncStatus(stranger)).toHaveText('Saved');
  await expect(
    watchlist(stranger).getByText('No Holdings, Please add some tokens to your portfolio'),
  ).toBeVisible();
  await expect(watchlistRow(stranger, 'Bitcoin')).toHaveCount(0);
  expect(await savedWatchlist(stranger)).toEqual({ version: 0, tokens: [] });

  // What the other wallet keeps is its own: this wallet's list does not change.
  await addTokens(stranger, ['Ethereum']);
  await expect(syncStatus(stranger)).toHaveText('Saved');
  expect((await savedWatchlist(stranger)).tokens).toEqual([{ id: 'ethereum', holdings: '0' }]);
  expect((await savedWatchlist(laptop)).tokens).toEqual([
    { id: 'bitcoin', holdings: '5' },
    { id: 'solana', holdings: '20' },
  ]);
  await expect(tokenNames(laptop)).toHaveText([/^Bitcoin/, /^Solana/]);
});

test('an exported file, edited and imported while signed in, reaches the other device, and so does its Undo', async ({
  page: laptop,
  wallet,
  anotherDevice,
}) => {
  test.setTimeout(180_000);
  const phone = await laptopAndPhone(
    { laptop, wallet, anotherDevice },
    { Bitcoin: '1', Ethereum: '2' },
  );

  const exported = await exportWatchlist(laptop, 'CSV');
  expect(exported.text).toBe(
    'id,symbol,name,holdings\r\nbitcoin,btc,Bitcoin,1\r\nethereum,eth,Ethereum,2\r\n',
  );
  const edited = exported.text
    .replace('ethereum,eth,Ethereum,2', 'ethereum,eth,Ethereum,3.5')
    .concat('solana,sol,Solana,10\r\n');
  const dialog = await importWatchlistFile(laptop, { name: exported.name, contents: edited });
  await expect(dialog.getByRole('region', { name: 'To add (1)' })).toContainText('Solana (SOL)');
  await expect(dialog.getByRole('region', { name: 'Holdings to change (1)' })).toContainText(
    'Ethereum (ETH)',
  );
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  const imported = message(laptop, 'Imported: 1 token added, holdings set for 1 token.');
  // The person keeps the pointer on the notice (its Undo stays offered) while looking at the phone.
  await imported.hover();

  await expect(watchlistCell(phone, 'Ethereum', 'holdings')).toHaveText('3.5', LIVE);
  await expect(watchlistCell(phone, 'Solana', 'holdings')).toHaveText('10', LIVE);
  await expect(syncStatus(laptop)).toHaveText('Saved');
  expect((await savedWatchlist(laptop)).tokens).toEqual([
    { id: 'bitcoin', holdings: '1' },
    { id: 'ethereum', holdings: '3.5' },
    { id: 'solana', holdings: '10' },
  ]);

  await imported.getByRole('button', { name: 'Undo' }).click();
  await expect(watchlistRow(laptop, 'Solana')).toHaveCount(0);
  await expect(watchlistCell(laptop, 'Ethereum', 'holdings')).toHaveText('2');
  await expect(watchlistRow(phone, 'Solana')).toHaveCount(0, LIVE);
  await expect(watchlistCell(phone, 'Ethereum', 'holdings')).toHaveText('2', LIVE);
  await expect(syncStatus(laptop)).toHaveText('Saved');
  expect((await savedWatchlist(laptop)).tokens).toEqual([
    { id: 'bitcoin', holdings: '1' },
    { id: 'ethereum', holdings: '2' },
  ]);
});
