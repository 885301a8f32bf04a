// `npm run test:e2e`: finds a Chromium (installs Debian's when it can), then runs Playwright.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromiumBinary, ensureSystemPackages } from '@token-portfolio/shared/build/debian-package';
import { repoRoot } from './apps';

ensureSystemPackages(); // before Playwright's workers: they run nginx and redis-server too
const chromium = chromiumBinary();
if (!chromium) {
  console.error(
    'The browser tests need Chromium and none was found.\n' +
      'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const result = spawnSync(
  path.join(repoRoot, 'node_modules/.bin/playwright'),
  ['test', '-c', path.join(repoRoot, 'e2e/playwright.config.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(result.status ?? 1);
