// Issue 46 "Your portfolio follows your wallet", as people use it: two browser contexts are
// two devices signed in to the same wallet (the local chain and the test wallet).
import type { Page } from '@playwright/test';
import { expect } from '../support/test';
import { LIVE, secondDevice, walletWatchlistTest as test } from '../support/walletWatchlistTest';
import {
  accountButton,
  addTokens,
  connectAndSignIn,
  connectButton,
  editHoldings,
  syncStatus,
  watchlist,
  watchlistCell,
  watchlistRow,
} from '../support/ui';

/** The keys this browser keeps for wallets' lists. */
const walletKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('token-portfolio/wallet/')),
  );

/** Signs out the way RainbowKit offers it: the account dialog's Disconnect. */
async function signOut(page: Page) {
  await accountButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(connectButton(page)).toBeVisible();
}

test('two devices signed in to one wallet show one list, live, and sign-out leaves no trace', async ({
  page,
  browser,
  baseURL,
  localChain,
}) => {
  test.setTimeout(180_000); // two devices signing in, several times
  await page.goto('/');
  await expect(watchlistRow(page, 'Solana')).toBeVisible();
  await connectAndSignIn(page);
  // The five untouched samples are not offered; the wallet's (empty) list shows.
  await expect(syncStatus(page)).toHaveText('Saved');
  await expect(
    page.getByText('Your watchlist is now saved with your wallet', { exact: false }),
  ).toBeVisible();
  await expect(watchlistRow(page, 'Solana')).toHaveCount(0);
  await addTokens(page, ['Bitcoin']);
  await expect(syncStatus(page)).toHaveText('Saved');

  const other = await secondDevice(browser, baseURL ?? '', localChain.rpcUrl);
  await connectAndSignIn(other);
  await expect(watchlistRow(other, 'Bitcoin')).toBeVisible();
  await expect(watchlistRow(other, 'Solana')).toHaveCount(0);

  // Live both ways, without a reload.
  await addTokens(page, ['Solana']);
  await expect(watchlistRow(other, 'Solana')).toBeVisible(LIVE);
  await editHoldings(other, 'Bitcoin', '2.5');
  await expect(syncStatus(other)).toHaveText('Saved');
  await expect(watchlistCell(page, 'Bitcoin', 'holdings')).toContainText('2.5', LIVE);

  // Sign out: the browser's own list, as it was, and nothing of the wallet's left.
  await signOut(other);
  await expect(
    other.getByText(
      "Signed out: the wallet was disconnected. This browser's own watchlist is back.",
    ),
  ).toBeVisible();
  await expect(watchlistRow(other, 'Dogecoin')).toBeVisible();
  await expect(watchlistRow(other, 'Bitcoin')).toHaveCount(0);
  expect(await walletKeys(other)).toEqual([]);
  await expect(syncStatus(other)).toHaveCount(0);

  await other.context().close();

  // A browser with its site data cleared (a new context) signs in: all of it is back.
  const cleared = await secondDevice(browser, baseURL ?? '', localChain.rpcUrl);
  await connectAndSignIn(cleared);
  await expect(watchlistRow(cleared, 'Bitcoin')).toBeVisible();
  await expect(watchlistCell(cleared, 'Bitcoin', 'holdings')).toContainText('2.5');
  await expect(watchlistRow(cleared, 'Solana')).toBeVisible();
  await cleared.context().close();

  // Delete my saved watchlist: the server's copy goes, this browser's own list stays.
  await page.getByRole('button', { name: 'Delete my saved watchlist' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your saved watchlist?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByText("Your saved watchlist was deleted. This browser's own watchlist is back."),
  ).toBeVisible();
  await expect(watchlistRow(page, 'Dogecoin')).toBeVisible();
  expect(await walletKeys(page)).toEqual([]);
});

// Going offline makes Chromium report the requests it could not send.
// (and the 503s of a server whose store is down).
test.use({
  allowConsoleErrors:
    /^Failed to load resource: (net::(ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED)|the server responded with a status of 503 \(Service Unavailable\))$/,
});

test('a device with a list of its own is asked once; Add joins it to the wallet’s', async ({
  page,
}) => {
  await page.goto('/');
  await editHoldings(page, 'Solana', '25');
  await connectAndSignIn(page);
  const question = page.getByRole('dialog', {
    name: "Add this browser's watchlist to your wallet's?",
  });
  await expect(question).toBeVisible();
  // Only what the person changed is offered: not the untouched samples.
  await expect(question.getByRole('row', { name: /Solana/ })).toContainText('25');
  await expect(question.getByRole('row', { name: /Dogecoin/ })).toHaveCount(0);
  await question.getByRole('button', { name: 'Add' }).click();
  await expect(question).toBeHidden();
  await expect(watchlistCell(page, 'Solana', 'holdings')).toContainText('25');
  await expect(watchlistRow(page, 'Dogecoin')).toHaveCount(0);
  await expect(syncStatus(page)).toHaveText('Saved');

  // Offline, an edit waits on this device and is sent once the network is back.
  await page.context().setOffline(true);
  await editHoldings(page, 'Solana', '30');
  await expect(syncStatus(page)).toHaveText('Saved on this device; will sync');
  await page.context().setOffline(false);
  await expect(syncStatus(page)).toHaveText('Saved', LIVE);
  const saved = await page.request.get('/api/watchlist');
  expect(await saved.json()).toMatchObject({ tokens: [{ id: 'solana', holdings: '30' }] });

  // Signed out, the browser's own list is back as it was before sign-in.
  await signOut(page);
  await expect(watchlistRow(page, 'Dogecoin')).toBeVisible();
  await expect(watchlist(page).getByRole('row')).not.toHaveCount(0);
});

test('Sign out with a change the server could not keep says how many and asks first', async ({
  page,
}) => {
  await page.goto('/');
  await connectAndSignIn(page);
  await expect(syncStatus(page)).toHaveText('Saved', LIVE);

  // The server's store is down: it says so, and the edit waits on this device.
  const storeDown =
    'Your saved watchlist cannot be reached right now; changes are kept on this device.';
  await page.route('**/api/watchlist/changes', (route) =>
    route.fulfill({ status: 503, json: { error: 'unavailable', message: storeDown } }),
  );
  await addTokens(page, ['Chainlink']);
  await expect(syncStatus(page)).toHaveText(storeDown, LIVE);

  const signOutButton = page.getByRole('button', { name: 'Sign out', exact: true });
  const ask = page.getByRole('dialog', { name: 'Sign out and discard 1 change?' });
  await signOutButton.click();
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(
    '1 change made on this device has not reached your saved watchlist yet.',
  );
  // Escape keeps the sign-in, and focus returns to Sign out.
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(signOutButton).toBeFocused();
  await expect(watchlistRow(page, 'Chainlink')).toBeVisible();

  await signOutButton.click();
  await ask.getByRole('button', { name: 'Sign out and discard' }).click();
  await expect(page.getByTestId('sync-notice').getByText(/^Signed out\./)).toHaveText(
    "Signed out. This browser's own watchlist is back. 1 change not saved yet was discarded.",
  );
  await expect(watchlistRow(page, 'Chainlink')).toHaveCount(0);
  expect(await walletKeys(page)).toEqual([]);
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toMatchObject({ address: null });
  await expect(accountButton(page)).toHaveCount(0);
});
