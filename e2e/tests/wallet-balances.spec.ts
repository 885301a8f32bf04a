import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { COIN_TABLE, SAMPLE_COIN_IDS } from '@token-portfolio/shared/fixtures';
import { expect } from '../support/test';
import { TEST_WALLET_ADDRESS } from '../support/chain';
import { TOKEN_BALANCES } from '../support/localContracts';
import type { TestWallet } from '../support/wallet';
import { SHORT_ADDRESS, connectAndSignIn } from '../support/ui';
import { walletTest as test } from '../support/walletTest';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const priceOf = (id: string) => COIN_TABLE.find((row) => row.id === id)?.price ?? NaN;
/** The sample holdings a first visit starts with (docs/product.md#numbers-and-limits). */
const SAMPLE_HOLDINGS: Record<string, number> = {
  ethereum: 1,
  binancecoin: 10,
  ripple: 1000,
  solana: 20,
  dogecoin: 10000,
};
const { 'usd-coin': USDC, chainlink: LINK } = TOKEN_BALANCES;

const watchlist = (page: Page) => page.getByRole('region', { name: 'Watchlist', exact: true });
const row = (page: Page, token: string) =>
  watchlist(page).getByRole('row', { name: new RegExp(`^${token} \\(`) });
const holdingsOf = (page: Page, token: string) => row(page, token).getByTestId('holdings');
const valueOf = (page: Page, token: string) => row(page, token).getByTestId('value');
const total = (page: Page) =>
  page.getByRole('region', { name: 'Portfolio Total' }).getByText(/^\$[\d,]+\.\d\d$/);
const openerButton = (page: Page) =>
  watchlist(page).getByRole('button', { name: 'Use wallet balances' });
const balancesDialog = (page: Page) => page.getByRole('dialog', { name: 'Wallet balances' });
/** A line of the dialog by its token label, e.g. 'Chainlink (LINK)'. */
const line = (page: Page, label: string) =>
  balancesDialog(page).getByRole('listitem').filter({ hasText: label });

/** JSON-RPC methods the page sends to the local chain's RPC from now on. */
function recordRpc(page: Page, rpcUrl: string): string[] {
  const methods: string[] = [];
  const origin = new URL(rpcUrl).origin;
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin !== origin || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { method: string } | { method: string }[];
    for (const call of Array.isArray(body) ? body : [body]) methods.push(call.method);
  });
  return methods;
}

/** The market calls the page makes (to the server's gateway), by path, from now on. */
function recordMarketRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/market/')) paths.push(pathname.slice('/api/market'.length));
  });
  return paths;
}

/**
 * Signed in, the watchlist is the wallet's (docs/product.md#your-watchlist-follows-your-wallet),
 * kept by the server across these tests: each starts it as the five samples with their
 * holdings, through the saved watchlist's API, and waits for the page to show it.
 */
async function walletListOfSamples(page: Page) {
  await expect(page.getByTestId('sync-status')).toHaveText('Saved', { timeout: 15_000 });
  const saved = (await (await page.request.get('/api/watchlist')).json()) as {
    version: number;
    tokens: { id: string }[];
  };
  const changes = [
    ...saved.tokens.map(({ id }) => ({ changeId: randomUUID(), kind: 'remove', id })),
    ...SAMPLE_COIN_IDS.map((id, index) => ({
      changeId: randomUUID(),
      kind: 'add',
      id,
      holdings: String(SAMPLE_HOLDINGS[id]),
      after: SAMPLE_COIN_IDS[index - 1] ?? null,
    })),
  ];
  const answer = await page.request.post('/api/watchlist/changes', {
    headers: { origin: new URL(page.url()).origin },
    data: { deviceId: randomUUID(), baseVersion: saved.version, changes },
  });
  expect(answer.status()).toBe(200);
  await expect(watchlist(page).getByRole('rowheader')).toHaveCount(5, { timeout: 15_000 });
  await expect(holdingsOf(page, 'Ethereum')).toHaveText('1');
}

/** `wallet` is taken only to have the test wallet installed in the page. */
async function openWatchlistConnected(page: Page, wallet: TestWallet) {
  expect(wallet.account.address).toBe(TEST_WALLET_ADDRESS);
  await page.goto('/');
  await expect(row(page, 'Ethereum')).toBeVisible();
  await connectAndSignIn(page);
  await walletListOfSamples(page);
}

async function openBalances(page: Page) {
  await openerButton(page).click();
  await expect(balancesDialog(page)).toBeVisible();
  await expect(line(page, 'Ethereum (ETH)')).toBeVisible();
}

test('the dialog lists the native coin and both tokens exactly; Set holdings updates holdings, value and total, and they survive a reload', async ({
  page,
  wallet,
  localChain,
}) => {
  expect(wallet.account.address).toBe(TEST_WALLET_ADDRESS);
  await page.goto('/');
  await expect(row(page, 'Ethereum')).toBeVisible();
  await expect(openerButton(page)).toHaveCount(0);
  await connectAndSignIn(page);
  await walletListOfSamples(page);

  const market = recordMarketRequests(page);
  const rpc = recordRpc(page, localChain.rpcUrl);
  await openBalances(page);
  const dialog = balancesDialog(page);

  await expect(dialog).toContainText(`What ${SHORT_ADDRESS} holds on Local chain.`);
  await expect(dialog.getByRole('checkbox')).toHaveCount(3);
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await expect(
    dialog.getByRole('checkbox', { name: 'Ethereum (ETH)' }),
  ).toHaveAccessibleDescription(
    `Balance found 100 ETH Holdings now 1 Value today ${usd.format(100 * priceOf('ethereum'))}`,
  );
  await expect(line(page, 'USDC (USDC)')).toContainText(`${USDC.shown} USDC`);
  await expect(line(page, 'USDC (USDC)')).toContainText('Not in watchlist');
  await expect(line(page, 'Chainlink (LINK)')).toContainText(`${LINK.shown} LINK`);
  await expect(line(page, 'Chainlink (LINK)')).toContainText(
    usd.format(Number(LINK.exact) * priceOf('chainlink')),
  );
  // The reverting contract and the address with no contract each say so, alone.
  await expect(line(page, 'Dai (DAI)')).toContainText(
    'Balance not readable: the token contract reverted.',
  );
  await expect(line(page, 'Uniswap (UNI)')).toContainText(
    'Balance not readable: the contract did not answer as a token.',
  );

  // The cost of one opening: two market calls, one eth_getBalance, one multicall.
  expect(market).toEqual(['/coins/list', '/coins/markets']);
  expect([...rpc].sort()).toEqual(['eth_call', 'eth_getBalance']);
  // Read only: nothing was asked of the wallet but reads.
  expect(rpc.filter((method) => /send|sign/i.test(method))).toEqual([]);

  await dialog.getByRole('button', { name: 'Set holdings' }).click();
  await expect(dialog).toBeHidden();
  await expect(openerButton(page)).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'Holdings set for 3 tokens.' }),
  ).toBeVisible();

  const expectedTotal =
    SAMPLE_COIN_IDS.reduce(
      (sum, id) => sum + (id === 'ethereum' ? 100 : (SAMPLE_HOLDINGS[id] ?? 0)) * priceOf(id),
      0,
    ) +
    Number(USDC.exact) * priceOf('usd-coin') +
    Number(LINK.exact) * priceOf('chainlink');

  async function expectApplied() {
    await expect(holdingsOf(page, 'Ethereum')).toHaveText('100');
    await expect(valueOf(page, 'Ethereum')).toHaveText(usd.format(100 * priceOf('ethereum')));
    await expect(holdingsOf(page, 'USDC')).toHaveText(USDC.shown);
    await expect(total(page)).toHaveText(usd.format(expectedTotal));
    // Seven tokens now: Chainlink, added last, is on the second page.
    await watchlist(page).getByRole('button', { name: 'Next', exact: true }).click();
    await expect(holdingsOf(page, 'Chainlink')).toHaveText(LINK.shown);
    await expect(valueOf(page, 'Chainlink')).toHaveText(
      usd.format(Number(LINK.exact) * priceOf('chainlink')),
    );
  }
  await expectApplied();
  await expect(row(page, 'Dai')).toHaveCount(0);

  await page.reload();
  await expect(row(page, 'Ethereum')).toBeVisible();
  await expectApplied();
});

test('Cancel and Escape change nothing and give focus back; opening again asks the market nothing', async ({
  page,
  wallet,
  localChain,
}) => {
  await openWatchlistConnected(page, wallet);
  await openBalances(page);
  await expect(balancesDialog(page)).toBeFocused();
  await balancesDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(balancesDialog(page)).toBeHidden();
  await expect(openerButton(page)).toBeFocused();

  const market = recordMarketRequests(page);
  const rpc = recordRpc(page, localChain.rpcUrl);
  await openBalances(page);
  // The coin list is kept a day and the largest coins 60 s, in the page's memory.
  expect(market).toEqual([]);
  expect([...rpc].sort()).toEqual(['eth_call', 'eth_getBalance']);
  await page.keyboard.press('Escape');
  await expect(balancesDialog(page)).toBeHidden();
  await expect(openerButton(page)).toBeFocused();

  await expect(holdingsOf(page, 'Ethereum')).toHaveText('1');
  await expect(watchlist(page).getByRole('rowheader')).toHaveCount(5);
  expect(
    await page.evaluate(() => localStorage.getItem('token-portfolio/wishlist/v1')),
  ).not.toContain('chainlink');
});

test('Undo puts back the holdings and removes the tokens that applying added', async ({
  page,
  wallet,
}) => {
  await openWatchlistConnected(page, wallet);
  await openBalances(page);
  await line(page, 'USDC (USDC)').getByRole('checkbox').uncheck();
  await balancesDialog(page).getByRole('button', { name: 'Set holdings' }).click();
  await expect(holdingsOf(page, 'Ethereum')).toHaveText('100');
  await expect(row(page, 'Chainlink')).toBeVisible();

  const notice = page.getByRole('status').filter({ hasText: 'Holdings set for 2 tokens.' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(notice).toBeHidden();
  await expect(holdingsOf(page, 'Ethereum')).toHaveText('1');
  await expect(row(page, 'Chainlink')).toHaveCount(0);
  await expect(row(page, 'USDC')).toHaveCount(0);
  await expect(watchlist(page).getByRole('rowheader')).toHaveCount(5);
});

test.describe('with the RPC down', () => {
  test.use({
    allowConsoleErrors:
      /^Failed to load resource: net::(ERR_NAME_NOT_RESOLVED|ERR_CONNECTION_REFUSED|ERR_FAILED)$/,
  });

  test('one clear line for the whole list, nothing changed, and Try again reads once it is back', async ({
    page,
    wallet,
    localChain,
  }) => {
    await openWatchlistConnected(page, wallet);
    const rpc = new URL(localChain.rpcUrl).origin;
    const down = (url: URL) => url.origin === rpc;
    await page.route(down, (route) => route.abort('connectionrefused'));

    await openerButton(page).click();
    const dialog = balancesDialog(page);
    await expect(dialog.getByRole('alert')).toHaveText(
      /Could not reach Local chain to read balances\. Check your connection, then try again\./,
    );
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Set holdings' })).toBeDisabled();
    await expect(holdingsOf(page, 'Ethereum')).toHaveText('1');

    await page.unroute(down);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(line(page, 'Chainlink (LINK)')).toContainText(LINK.shown);
  });
});

test('switching chain reads anew, an unknown chain says which to use, disconnecting closes the dialog', async ({
  page,
  wallet,
}) => {
  await openWatchlistConnected(page, wallet);
  await openBalances(page);

  await wallet.switchChain(1337);
  await expect(balancesDialog(page).getByRole('alert')).toContainText(
    "Balances can't be read on this network. Switch to Ethereum, OP Mainnet, Polygon, Base, Arbitrum One, or Local chain.",
  );
  await expect(balancesDialog(page).getByRole('checkbox')).toHaveCount(0);

  await wallet.switchChain(31337);
  await expect(line(page, 'USDC (USDC)')).toContainText(USDC.shown);

  await wallet.disconnect();
  await expect(balancesDialog(page)).toBeHidden();
  await expect(openerButton(page)).toHaveCount(0);
  await expect(holdingsOf(page, 'Ethereum')).toHaveText('1');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the page and the dialog fit the screen: long amounts wrap, nothing scrolls sideways', async ({
    page,
    wallet,
  }) => {
    await openWatchlistConnected(page, wallet);
    // Below the summary on a phone: scrolled to, it is wholly on screen.
    await openerButton(page).scrollIntoViewIfNeeded();
    await expect(openerButton(page)).toBeInViewport({ ratio: 1 });
    // Three buttons beside the heading still fit: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await openBalances(page);
    const box = await balancesDialog(page).boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(375);
    const list = balancesDialog(page).getByRole('list', { name: 'Balances found' });
    const sideways = await list.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(sideways).toBe(false);
    await expect(
      balancesDialog(page).getByRole('button', { name: 'Set holdings' }),
    ).toBeInViewport();
  });
});
