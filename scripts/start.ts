// `npm start`: builds whatever is missing or stale, then serves the composed app.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { APP_FOLDERS, repoRoot } from './apps';
import { buildApps, isStale } from './build';

await buildApps(APP_FOLDERS.filter(isStale));
const args = process.argv.slice(2);
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts'), ...args],
  { stdio: 'inherit' },
);
server.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
