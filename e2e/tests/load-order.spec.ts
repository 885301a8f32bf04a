import { test, expect } from '../support/test';
import { holdRequests } from '../support/heldRequests';
import { loadedPackages } from '../support/loadedModules';
import { connectButton } from '../support/ui';

const WALLET_STACK = ['@rainbow-me/rainbowkit', 'wagmi', 'viem'];

// The wallet stack and the Add Token modal load once the portfolio shows this visit's
// prices, so they do not compete with the portfolio's market answer for the network.
test('the wallet stack waits for the portfolio’s market answer, then loads', async ({ page }) => {
  const market = await holdRequests(page, '**/api/market/coins/markets?*');

  await page.goto('/');
  await expect(page.getByRole('rowheader', { name: /Ethereum/ }).first()).toBeVisible();
  await market.asked;
  // The widgets are on screen with the first visit's samples; the market has not answered.
  await page.waitForTimeout(1_000);
  const beforeAnswer = await loadedPackages(page);
  expect(WALLET_STACK.filter((name) => beforeAnswer.has(name))).toEqual([]);

  market.release();
  // The button shows from the sign-in status alone; the wallet code follows it.
  await expect(connectButton(page)).toBeVisible();
  await expect
    .poll(async () => {
      const afterAnswer = await loadedPackages(page);
      return WALLET_STACK.filter((name) => afterAnswer.has(name));
    })
    .not.toEqual([]);
});
