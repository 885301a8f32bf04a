// Builds the federated apps for production: one Rspack CLI process per app, run in parallel.
//   tsx scripts/build.ts --all          every app
//   tsx scripts/build.ts --stale        only apps whose sources are newer than their build
//   tsx scripts/build.ts remote-summary  named apps
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { APP_FOLDERS, repoRoot } from './apps';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) =>
      entry === 'node_modules' || entry === 'dist'
        ? newest
        : Math.max(newest, newestMtime(path.join(target, entry))),
    stats.mtimeMs,
  );
}

/** An app is stale when its sources, or the shared package's, are newer than its build. */
export function isStale(app: string): boolean {
  const built = path.join(repoRoot, app, 'dist/mf-manifest.json');
  if (!existsSync(built)) return true;
  const sources = [app, 'shared/src', 'shared/build', 'shared/package.json'].map((p) =>
    newestMtime(path.join(repoRoot, p)),
  );
  return Math.max(...sources) > statSync(built).mtimeMs;
}

/**
 * Builds apps with the Rspack CLI, all at once. The CLI, not the JS API in this process:
 * the federation plugin serialises some of its own functions into the bundle, and they
 * must not pass through this process's TypeScript loader. `cliArgs`: more arguments for
 * an app's build (the benchmark's variants: `--env`, `--output-path`).
 */
export async function buildApps(
  apps: readonly string[],
  cliArgs: (app: string) => string[] = () => [],
): Promise<void> {
  if (apps.length === 0) return;
  console.log(`Building ${apps.join(', ')} ...`);
  const rspackCli = path.join(repoRoot, 'node_modules/.bin/rspack');
  const results = await Promise.all(
    apps.map(
      (app) =>
        new Promise<{ app: string; code: number | null; output: string }>((resolve) => {
          const child = spawn(rspackCli, ['build', ...cliArgs(app)], {
            cwd: path.join(repoRoot, app),
          });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (code) => resolve({ app, code, output }));
        }),
    ),
  );
  const failed = results.filter(({ code }) => code !== 0);
  for (const { app, output } of failed) console.error(`--- ${app} ---\n${output}`);
  if (failed.length > 0)
    throw new Error(`Build failed: ${failed.map(({ app }) => app).join(', ')}`);
  console.log(`Built ${apps.join(', ')}.`);
}

async function main(args: string[]) {
  const named = args.filter((a) => APP_FOLDERS.includes(a));
  const unknown = args.filter((a) => !a.startsWith('--') && !named.includes(a));
  if (unknown.length > 0)
    throw new Error(`Unknown app(s): ${unknown.join(', ')}. Apps: ${APP_FOLDERS.join(', ')}`);
  const apps = args.includes('--all')
    ? APP_FOLDERS
    : args.includes('--stale')
      ? APP_FOLDERS.filter(isStale)
      : named;
  if (apps.length === 0) console.log('Every app is up to date.');
  await buildApps(apps);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
