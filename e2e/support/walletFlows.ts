import { expect, type Page } from '@playwright/test';
import { TEST_WALLET_ADDRESS } from './chain';

/** The test account as the header shortens it: first 4, an ellipsis, last 4. */
export const SHORT_ADDRESS = `${TEST_WALLET_ADDRESS.slice(0, 4)}…${TEST_WALLET_ADDRESS.slice(-4)}`;

export const accountButton = (page: Page) => page.getByRole('button', { name: SHORT_ADDRESS });
export const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect Wallet' });

/** Connect Wallet, choose the test wallet, sign the message. */
export async function connectAndSignIn(page: Page) {
  await connectButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click();
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(accountButton(page)).toBeVisible();
}
