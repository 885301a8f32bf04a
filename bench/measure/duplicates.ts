import type { Page } from '@playwright/test';
import { modulesByBuild } from '../../e2e/support/loadedModules';
import { packageOfModuleKey } from '../../shared/build/chunk-modules-plugin';

/**
 * The two parts of the Module Federation runtime (bench/README.md): runtime-core, and the
 * bundler runtime (with the runtime wrapper it calls) and the sdk. One copy of each is
 * the target.
 */
const FEDERATION_RUNTIME = [
  '@module-federation/runtime-core',
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/sdk',
] as const;

export interface DuplicateFigures {
  /** Application packages loaded from more than one build. */
  packages: string[];
  /** Copies of each part of the federation runtime the page loaded (builds carrying it). */
  federationRuntimeCopies: Record<string, number>;
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
  // A package's copies: the most builds any one of its modules was loaded from.
  const copies = new Map<string, number>();
  for (const [module, loadedFrom] of await modulesByBuild(page)) {
    const pkg = packageOfModuleKey(module);
    copies.set(pkg, Math.max(copies.get(pkg) ?? 0, loadedFrom.size));
  }
  return {
    packages: [...copies]
      .filter(([pkg, count]) => count > 1 && !isFederationRuntime(pkg))
      .map(([pkg]) => pkg)
      .sort(),
    federationRuntimeCopies: Object.fromEntries(
      FEDERATION_RUNTIME.map((pkg) => [pkg, copies.get(pkg) ?? 0]),
    ),
  };
}

/** The figure 'one runtime' is about: the most copies of any part of the federation runtime. */
export const federationRuntimes = ({ federationRuntimeCopies }: DuplicateFigures): number =>
  Math.max(0, ...Object.values(federationRuntimeCopies));
