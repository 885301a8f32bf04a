import { expect } from '../support/test';
import { walletTest as test } from '../support/walletTest';
import { watchViolations } from '../support/cspViolations';
import { connectAndSignIn, connectButton, openAddToken, watchlist } from '../support/ui';

test('the composed page runs under its policy: wallet dialog, sign-in and Add Token, no violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);

  await expect(watchlist(page).getByRole('row', { name: /Ethereum/ })).toBeVisible();
  // The wallet dialog, then a real connection and sign-in (RPC to the chain, the auth API).
  await connectButton(page).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' })).toBeVisible();
  await page.keyboard.press('Escape');
  await connectAndSignIn(page);
  // The Add Token modal with its search and the coin logos from the market API.
  const dialog = await openAddToken(page);
  await dialog.getByRole('searchbox').fill('sol');
  await expect(dialog.getByRole('option', { name: /Solana/ })).toBeVisible();
  // Its logo comes from the market API's image host (the fixture server here) and loads.
  const logo = dialog.getByRole('option', { name: /Solana/ }).locator('img');
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  expect(await violations()).toEqual([]);
});

test.describe('the policy is enforced', () => {
  test.use({ allowConsoleErrors: /Content Security Policy/ });

  test('an injected inline script does not run, and is reported', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Token Portfolio', level: 1 })).toBeVisible();
    // An inline script runs as it is inserted, or never.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injectedRan = true;';
      document.body.append(script);
      return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(violations)
      .toContainEqual({ directive: 'script-src-elem', blocked: 'inline' });
  });
});
