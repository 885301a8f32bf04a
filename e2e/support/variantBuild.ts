import { spawn } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A second, real build of a remote: its sources copied under .variants/ (inside the repo,
 * so packages resolve as usual), changed by `edit`, built with the Rspack CLI.
 * Returns the variant's dist folder.
 */
export async function buildRemoteVariant(
  remote: 'remote-watchlist' | 'remote-summary',
  variant: string,
  edit: (dir: string) => Promise<void>,
): Promise<string> {
  const dir = path.join(repoRoot, '.variants', variant, remote);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const entry of ['src', 'rspack.config.ts', 'package.json']) {
    await cp(path.join(repoRoot, remote, entry), path.join(dir, entry), { recursive: true });
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

/** Exposes './Watchlist' from a wrapper that shows a banner above the real widget. */
export async function addBannerToWatchlist(dir: string, banner: string): Promise<void> {
  await writeFile(
    path.join(dir, 'src/BannerWatchlist.tsx'),
    `import Watchlist from './Watchlist';\n\nexport default function BannerWatchlist() {\n  return (\n    <>\n      <p>${banner}</p>\n      <Watchlist />\n    </>\n  );\n}\n`,
  );
  const configFile = path.join(dir, 'rspack.config.ts');
  const { readFile } = await import('node:fs/promises');
  const config = await readFile(configFile, 'utf8');
  await writeFile(
    configFile,
    config.replace("'./src/Watchlist.tsx'", "'./src/BannerWatchlist.tsx'"),
  );
}
