import type { Page } from '@playwright/test';
import { duplicatedPackages } from '../../e2e/support/loadedModules';

export interface DuplicateFigures {
  /** Application packages loaded from more than one build. */
  packages: string[];
  /** The Module Federation runtime, one per container by design (docs/decisions/0002). */
  federationRuntime: string[];
}

const isFederationRuntime = (pkg: string) => pkg.startsWith('@module-federation/');

/**
 * Duplicates on the composed page after everything it loads on its own and on opening
 * Add Token (so lazily loaded chunks count too).
 */
export async function findDuplicates(page: Page, url: string): Promise<DuplicateFigures> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('button', { name: /add token/i })
    .click({ timeout: 10_000 })
    .catch(() => {
      // No Add Token button yet: what the page loaded on its own is still checked.
    });
  await page.waitForLoadState('networkidle');
  const duplicates = await duplicatedPackages(page);
  return {
    packages: duplicates.filter((pkg) => !isFederationRuntime(pkg)),
    federationRuntime: duplicates.filter(isFederationRuntime),
  };
}
