import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildApps } from '../scripts/build';
import { APP_FOLDERS, repoRoot } from '../scripts/apps';

/** Production builds of the five federated apps and of the single-bundle baseline. */
export async function buildForBench(): Promise<void> {
  await buildApps(APP_FOLDERS);
  console.log('Building the single-bundle baseline ...');
  const monolith = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/rspack'),
    ['build', '-c', 'bench/monolith/rspack.config.ts'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (monolith.status !== 0) throw new Error('The single-bundle build failed');
}
