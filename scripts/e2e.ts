// `npm run test:e2e`: finds a Chromium (installs Debian's when it can), then runs Playwright.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './apps';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium(): string | undefined {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

function canAptInstall(): boolean {
  return (
    process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get')
  );
}

let chromium = findChromium();
if (!chromium && canAptInstall()) {
  console.log("No Chromium found: installing Debian's chromium package (about 20 s) ...");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  chromium = findChromium();
}
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
