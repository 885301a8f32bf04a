import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { buildRemoteVariant } from '../e2e/support/variantBuild';
import { repoRoot } from '../scripts/apps';
import { monolithDist, type BuildName } from './servers';

/** What a build's redeploy replaces: one app's served folder, by a new build of it. */
export interface Redeploy {
  app: 'host' | 'watchlist';
  folder: string;
}

const VARIANT = 'bench-redeploy';
const variantRoot = path.join(repoRoot, '.variants', VARIANT);

/**
 * The one-line change of the redeploy: a line of code in the watchlist widget (it must
 * reach the bundle: a comment would be minified away), invisible on the page.
 */
const changeOneLine = (dir: string) =>
  appendFile(path.join(dir, 'src/Watchlist.tsx'), "Watchlist.displayName = 'Watchlist';\n");

/** When a build file was written (0: never). */
export const builtAt = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/**
 * The two redeploys the repeat-visit figures compare: the watchlist remote alone rebuilt
 * with a one-line change (a copy of its sources under .variants/), and the single bundle
 * rebuilt from that same copy. Builds made after the current builds are kept (bench
 * --no-build); older ones would compare other code.
 */
export async function buildRedeploys(): Promise<Record<BuildName, Redeploy>> {
  const redeploys: Record<BuildName, Redeploy> = {
    federated: { app: 'watchlist', folder: path.join(variantRoot, 'remote-watchlist/dist') },
    monolith: { app: 'host', folder: path.join(variantRoot, 'monolith/dist') },
  };
  const variantBuilt = builtAt(path.join(redeploys.federated.folder, 'mf-manifest.json'));
  const current =
    variantBuilt > 0 &&
    variantBuilt >= builtAt(path.join(repoRoot, 'remote-watchlist/dist/mf-manifest.json')) &&
    builtAt(path.join(redeploys.monolith.folder, 'index.html')) >=
      builtAt(path.join(monolithDist, 'index.html'));
  if (current) return redeploys;
  console.log('Building the redeployed watchlist and single bundle ...');
  await buildRemoteVariant('watchlist', VARIANT, changeOneLine);
  const monolith = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/rspack'),
    ['build', '-c', 'bench/monolith/rspack.config.ts', '--env', `variant=${VARIANT}`],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (monolith.status !== 0) {
    throw new Error(`The redeployed single bundle did not build:\n${monolith.stderr}`);
  }
  return redeploys;
}
