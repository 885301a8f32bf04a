import type { Page } from '@playwright/test';
import { expect } from '../support/test';
import { walletTest as test } from '../support/walletTest';
import { connectAndSignIn, connectButton, openAddToken, watchlist } from '../support/ui';

/** As a browser that blocks site data: reading localStorage or sessionStorage throws. */
function blockStorage() {
  const denied = () => {
    throw new DOMException(
      "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
      'SecurityError',
    );
  };
  Object.defineProperty(window, 'localStorage', { configurable: true, get: denied });
  Object.defineProperty(window, 'sessionStorage', { configurable: true, get: denied });
}

/** As a full disk or quota: every write to storage throws QuotaExceededError. */
function fillStorage() {
  Storage.prototype.setItem = () => {
    throw new DOMException(
      "Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.",
      'QuotaExceededError',
    );
  };
}

/** The console's warnings about storage, as the page gives them. */
function storageWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && /storage|save|seed/i.test(message.text())) {
      warnings.push(message.text());
    }
  });
  return warnings;
}

/** The page works for the visit: title, samples, the wallet dialog, sign-in, Add Token. */
async function expectWorkingPage(page: Page) {
  await expect(page.getByRole('heading', { name: 'Token Portfolio', level: 1 })).toBeVisible();
  await expect(connectButton(page)).toBeVisible();
  await expect(watchlist(page).getByRole('row', { name: /Ethereum/ })).toBeVisible();
  await expect(page.getByText(/unavailable/)).toHaveCount(0);
  await connectAndSignIn(page);
  await openAddToken(page);
}

for (const [fault, breakStorage] of [
  ['blocked', blockStorage],
  ['full', fillStorage],
] as const) {
  test(`with storage ${fault} the page works, and says so only in console warnings`, async ({
    page,
    context,
  }) => {
    const warnings = storageWarnings(page);
    await page.addInitScript(breakStorage);
    await page.goto('/');
    await expectWorkingPage(page);
    expect(warnings.length).toBeGreaterThan(0);
    // The samples could not be saved, so the next visit is offered them again.
    expect((await context.cookies()).map(({ name }) => name)).not.toContain('seeded_v1');
  });
}

test.describe('Retry on the header', () => {
  test.use({ allowConsoleErrors: /Failed to load resource|ChunkLoadError|Loading chunk|header/i });

  test('loads the wallet again after its code failed to arrive', async ({ page }) => {
    // The header's chunks holding the wallet stack, from the build's chunk map: one per
    // build part (the composed page's and the public container's), so both are held back.
    const chunkMap = (await (
      await page.request.get('/remotes/header/chunk-modules.json')
    ).json()) as Record<string, string[]>;
    const walletChunks = Object.entries(chunkMap)
      .filter(([, modules]) =>
        modules.some((module) => module.endsWith('/WalletControl/WalletControl.tsx')),
      )
      .map(([file]) => file);
    expect(walletChunks.length).toBeGreaterThan(0);
    // Unreachable until the visitor presses Retry (the chunk loader's own retries fail too).
    let reachable = false;
    for (const chunk of walletChunks) {
      await page.route(`**/remotes/header/${chunk}`, async (route) => {
        if (reachable) await route.continue();
        else await route.abort();
      });
    }

    await page.goto('/');
    const fallback = page.getByRole('alert').filter({ hasText: 'Wallet header is unavailable' });
    await expect(fallback).toBeVisible();
    reachable = true;
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(connectButton(page)).toBeVisible();
    await expect(fallback).toHaveCount(0);
  });
});
