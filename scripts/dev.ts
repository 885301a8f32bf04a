// `npm run dev`: an Rspack dev server with hot reload for the host and every remote.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { APP_FOLDERS, repoRoot } from './apps';

const children = APP_FOLDERS.map((app) =>
  spawn(path.join(repoRoot, 'node_modules/.bin/rspack'), ['serve'], {
    cwd: path.join(repoRoot, app),
    stdio: 'inherit',
  }),
);
console.log('Dev servers starting; open http://localhost:3100/ (host). Ctrl+C stops them all.');
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stopAll);
children.forEach((child) => child.on('exit', stopAll));
