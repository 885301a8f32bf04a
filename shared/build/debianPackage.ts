// The real parts the tests and the bench need (chromium, nginx, redis-server) come from
// Debian's packages. A clean CI machine runs them as root, so they install what is missing;
// anywhere else the caller says what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const canAptInstall = () =>
  process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');

/**
 * The first of `candidates` that exists; when none does and apt may install, installs
 * Debian's `pkg` (once, printing why) and looks again. Undefined when there is still none.
 */
export function debianBinary(pkg: string, candidates: readonly string[]): string | undefined {
  const find = () => candidates.find((candidate) => existsSync(candidate));
  const found = find();
  if (found !== undefined || !canAptInstall()) return found;
  console.log(`No ${pkg} found: installing Debian's ${pkg} package ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  return find();
}

/** CHROMIUM_PATH when it exists, else Debian's chromium (installed when it may be). */
export function chromiumBinary(): string | undefined {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return debianBinary('chromium', [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ]);
}
