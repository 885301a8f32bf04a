import type { Page } from '@playwright/test';
import { expect } from '../support/test';
import { WALLET_CODE, WATCHLIST_CODE, holdRequests } from '../support/heldRequests';
import { walletTest as test } from '../support/walletTest';
import { startComposedServer, leaveBeforeServersClose } from '../support/servers';
import {
  accountButton,
  addTokenButton,
  connectAndSignIn,
  connectButton,
  editHoldings,
  portfolioTotal,
  readyConnectButton,
  watchlistRow,
} from '../support/ui';

const chainButton = (page: Page) => page.getByRole('button', { name: 'Network: Local chain' });

async function signedInAddress(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/auth/session');
  return ((await response.json()) as { address: string | null }).address;
}

test('the title shows at once and the wallet button once its code has arrived', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Token Portfolio', level: 1 })).toBeVisible();
  await expect(connectButton(page)).toBeVisible();
});

test('while the sign-in status loads the wallet button is not there to take focus, its place held', async ({
  page,
}) => {
  const session = await holdRequests(page, '**/api/auth/session');
  await page.goto('/');
  await expect(page.getByTestId('wallet-slot')).toBeVisible();
  await expect(page.getByText('Connect Wallet')).toHaveCount(0);

  session.release();
  await connectButton(page).focus();
  // Whether the header's early button or the wallet code's took focus, it stays on Connect
  // Wallet once the wallet code's is there.
  await expect(readyConnectButton(page)).toBeFocused();
});

/**
 * Opens the page with the header's wallet code held back: on return the early Connect
 * Wallet is there and the page has asked for the wallet code; it comes at `release()`.
 */
async function openWithWalletCodeHeld(page: Page): Promise<{ release: () => void }> {
  const walletCode = await holdRequests(page, WALLET_CODE);
  await page.goto('/');
  await expect(connectButton(page)).toBeVisible();
  await walletCode.asked;
  return walletCode;
}

test('focus on the early Connect Wallet stays on Connect Wallet as the wallet code replaces it', async ({
  page,
}) => {
  const walletCode = await openWithWalletCodeHeld(page);
  await page.keyboard.press('Tab');
  await expect(connectButton(page)).toBeFocused();

  walletCode.release();
  await expect(readyConnectButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' })).toBeVisible();
});

test('focus on the early Connect Wallet before the portfolio shows stays there until the wallet code replaces it', async ({
  page,
}) => {
  // The watchlist's code comes late (a slow market looks the same: the portfolio is still
  // loading), and so does the header's wallet code, asked for once the portfolio shows.
  const portfolio = await holdRequests(page, WATCHLIST_CODE);
  const walletCode = await holdRequests(page, WALLET_CODE);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(connectButton(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(connectButton(page)).toBeFocused();

  portfolio.release();
  await expect(watchlistRow(page, 'Dogecoin')).toBeVisible();
  await walletCode.asked;
  await expect(connectButton(page)).toBeFocused();

  walletCode.release();
  await expect(readyConnectButton(page)).toBeFocused();
});

test('focus elsewhere when the wallet code arrives stays where it is', async ({ page }) => {
  const walletCode = await openWithWalletCodeHeld(page);
  await addTokenButton(page).focus();

  walletCode.release();
  await expect(readyConnectButton(page)).toBeVisible();
  await expect(addTokenButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Add Token' })).toBeVisible();
});

test('with nothing focused when the wallet code arrives, nothing is focused after', async ({
  page,
}) => {
  const walletCode = await openWithWalletCodeHeld(page);

  walletCode.release();
  await expect(readyConnectButton(page)).toBeVisible();
  await expect(page.locator('body')).toBeFocused();
});

test('the summary keeps up with an edit while the wallet code is still coming', async ({
  page,
}) => {
  const walletCode = await openWithWalletCodeHeld(page);
  await editHoldings(page, 'Ethereum', '2');
  await expect(portfolioTotal(page)).toHaveText('$28,206.14');

  walletCode.release();
  await expect(readyConnectButton(page)).toBeVisible();
});

test('Connect Wallet pressed before the portfolio shows opens the wallet dialog, and it stays open', async ({
  page,
}) => {
  // The watchlist's code comes late, so the portfolio is still loading at the press.
  const portfolio = await holdRequests(page, WATCHLIST_CODE);
  await page.goto('/', { waitUntil: 'commit' });
  await connectButton(page).click();
  const testWallet = page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' });
  await expect(testWallet).toBeVisible();

  portfolio.release();
  await expect(watchlistRow(page, 'Dogecoin')).toBeVisible();
  await expect(testWallet).toBeVisible();
  await testWallet.click();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(accountButton(page)).toBeVisible();
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('connecting shows the short address, the balance from the local node and the chain name', async ({
    page,
  }) => {
    await page.goto('/');
    await connectAndSignIn(page);
    await expect(accountButton(page)).toContainText('100 ETH');
    await expect(chainButton(page)).toContainText('Local chain');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('connecting shows the short address and the chain icon, not the balance', async ({
    page,
  }) => {
    await page.goto('/');
    await connectAndSignIn(page);
    await expect(accountButton(page).getByText('100 ETH')).toBeHidden();
    await expect(chainButton(page).getByText('Local chain')).toBeHidden();
    await expect(chainButton(page).locator('img')).toBeVisible();
  });
});

test('a chain the app does not offer shows Wrong network, and the chain dialog switches back', async ({
  page,
  wallet,
}) => {
  await page.goto('/');
  await connectAndSignIn(page);

  await wallet.switchChain(1337);
  await page.getByRole('button', { name: 'Wrong network' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Wrong network detected, switch or disconnect to continue.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: /Local chain/ }).click();

  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wrong network' })).toHaveCount(0);
});

test('sign-in survives a reload; disconnecting signs out and returns to Connect Wallet', async ({
  page,
  wallet,
}) => {
  await page.goto('/');
  await connectAndSignIn(page);
  expect(await signedInAddress(page)).toBe(wallet.account.address);

  await page.reload();
  await expect(accountButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign message' })).toHaveCount(0);

  await accountButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(connectButton(page)).toBeVisible();
  await expect.poll(() => signedInAddress(page)).toBeNull();

  await page.reload();
  await expect(connectButton(page)).toBeVisible();
});

test('rejecting the signature returns to the sign-in step with no error', async ({
  page,
  wallet,
}) => {
  wallet.declineSignatures();
  await page.goto('/');
  await connectButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click();
  const sign = page.getByRole('button', { name: 'Sign message' });
  await sign.click();

  await expect(sign).toBeEnabled();
  await expect(page.getByRole('dialog')).not.toContainText(/error|wrong/i);
  expect(await signedInAddress(page)).toBeNull();

  wallet.declineSignatures(false);
  await sign.click();
  await expect(accountButton(page)).toBeVisible();
});

test.describe('past the nonce limit', () => {
  // The refused nonce (429) is a failed resource in the console; only that is expected.
  test.use({
    allowConsoleErrors:
      /^Failed to load resource: (net::ERR_NAME_NOT_RESOLVED|the server responded with a status of 429 \(Too Many Requests\))$/,
  });

  test('the sign-in dialog says why, and its button works once the server allows', async ({
    page,
    localChain,
    walletMarket,
  }) => {
    test.setTimeout(120_000); // the server's limit is per minute: the wait is real
    const server = await startComposedServer({
      MARKET_API_URL: walletMarket.url,
      LOCAL_CHAIN_RPC_URL: localChain.rpcUrl,
      AUTH_NONCES_PER_CLIENT: '2',
    });
    try {
      await page.goto(server.url);
      // This network's two nonces of the minute, spent before the dialog asks for one.
      for (let i = 0; i < 2; i++) {
        expect((await page.request.get(`${server.url}api/auth/nonce`)).status()).toBe(200);
      }
      await connectButton(page).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('status')).toHaveText(
        /^Too many sign-in attempts from your network\. Signing in will be possible again in \d+ s\.$/,
      );
      await page.screenshot({ path: test.info().outputPath('nonce-limit.png') });
      const sign = dialog.getByRole('button', { name: 'Sign message' });
      await expect(sign).toBeEnabled({ timeout: 75_000 });
      await expect(dialog.getByRole('status')).toHaveCount(0);
      await sign.click();
      await expect(accountButton(page)).toBeVisible();
      await leaveBeforeServersClose(page);
    } finally {
      await server.close();
    }
  });
});
