import type { Page } from '@playwright/test';
import { packageOfModuleKey } from '../../shared/build/chunk-modules-plugin';

/** Every JS file the page fetched, grouped by the app folder it came from. */
async function loadedScripts(page: Page): Promise<URL[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  return urls.map((url) => new URL(url));
}

/** The base URL of the build a script belongs to: its folder. */
const buildBase = (url: URL) => new URL('./', url).href;

/**
 * For each source module the page loaded, the builds it was loaded from, using each
 * build's chunk-modules.json. A module loaded from two builds is a duplicate.
 */
export async function modulesByBuild(page: Page): Promise<Map<string, Set<string>>> {
  const scripts = await loadedScripts(page);
  const maps = new Map<string, Record<string, string[]>>();
  const byModule = new Map<string, Set<string>>();
  for (const script of scripts) {
    const base = buildBase(script);
    if (!maps.has(base)) {
      const response = await page.request.get(new URL('chunk-modules.json', base).href);
      maps.set(base, response.ok() ? ((await response.json()) as Record<string, string[]>) : {});
    }
    const file = script.pathname.split('/').pop() ?? '';
    for (const module of maps.get(base)?.[file] ?? []) {
      const builds = byModule.get(module) ?? new Set<string>();
      builds.add(base);
      byModule.set(module, builds);
    }
  }
  return byModule;
}

/** Packages with at least one module loaded from more than one build. */
export async function duplicatedPackages(page: Page): Promise<string[]> {
  const duplicates = new Set<string>();
  for (const [module, builds] of await modulesByBuild(page)) {
    if (builds.size > 1) duplicates.add(packageOfModuleKey(module));
  }
  return [...duplicates].sort();
}

/** The packages the page loaded (at least one module of). */
export async function loadedPackages(page: Page): Promise<Set<string>> {
  return new Set([...(await modulesByBuild(page)).keys()].map(packageOfModuleKey));
}
