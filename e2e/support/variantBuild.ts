import { spawn } from 'node:child_process';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { REMOTES, type RemoteName } from '@token-portfolio/shared/remotes';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A second, real build of a remote: its sources copied under .variants/ (inside the repo,
 * so packages resolve as usual), changed by `edit`, built with the Rspack CLI.
 * Returns the variant's dist folder.
 */
export async function buildRemoteVariant(
  remote: RemoteName,
  variant: string,
  edit: (dir: string) => Promise<void>,
): Promise<string> {
  const { folder } = REMOTES[remote];
  const dir = path.join(repoRoot, '.variants', variant, folder);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const entry of ['src', 'rspack.config.ts', 'package.json']) {
    await cp(path.join(repoRoot, folder, entry), path.join(dir, entry), { recursive: true });
  }
  await edit(dir);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/rspack'), ['build'], { cwd: dir });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`variant build failed:\n${output}`)),
    );
  });
  return path.join(dir, 'dist');
}

/** './Watchlist' becomes a wrapper that shows a banner above the real widget. */
export async function addBannerToWatchlist(dir: string, banner: string): Promise<void> {
  const widget = path.join(dir, 'src/Watchlist.tsx');
  await rename(widget, path.join(dir, 'src/WatchlistWithoutBanner.tsx'));
  await writeFile(
    widget,
    `import Watchlist from './WatchlistWithoutBanner';\n\nexport default function BannerWatchlist() {\n  return (\n    <>\n      <p>${banner}</p>\n      <Watchlist />\n    </>\n  );\n}\n`,
  );
}
