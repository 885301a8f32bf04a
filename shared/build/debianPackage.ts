// The real parts the tests and the bench need (chromium, nginx, redis-server) come from
// Debian's packages. They are installed once, by one process, before any test starts
// (`ensureSystemPackages`): two test workers running apt-get at once fail on dpkg's lock.
// A clean CI machine runs as root, so it installs what is missing; anywhere else the
// caller is told what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each Debian package the tests use, and where its binary may be. */
const SYSTEM_PACKAGES = {
  chromium: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
  nginx: ['/usr/sbin/nginx'],
  'redis-server': ['/usr/bin/redis-server', '/usr/local/bin/redis-server'],
} as const;

export type SystemPackage = keyof typeof SYSTEM_PACKAGES;

const canAptInstall = () =>
  process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');

/** The package's binary, or undefined when it is not installed. Never installs. */
export function debianBinary(pkg: SystemPackage): string | undefined {
  return SYSTEM_PACKAGES[pkg].find((candidate) => existsSync(candidate));
}

/** The binary, or an error that says what to install. */
export function requireDebianBinary(pkg: SystemPackage): string {
  const binary = debianBinary(pkg);
  if (binary === undefined) {
    throw new Error(
      `${pkg} is not installed (Debian/Ubuntu: \`sudo apt-get install ${pkg}\`; ` +
        '`npm test` installs it when it runs as root on Debian)',
    );
  }
  return binary;
}

/**
 * Installs the missing packages in one apt-get call when this process may (root on
 * Debian). Returns the packages still missing.
 */
export function ensureSystemPackages(
  packages: readonly SystemPackage[] = Object.keys(SYSTEM_PACKAGES) as SystemPackage[],
): SystemPackage[] {
  const missing = () => packages.filter((pkg) => debianBinary(pkg) === undefined);
  const toInstall = missing();
  if (toInstall.length === 0 || !canAptInstall()) return toInstall;
  console.log(`Installing Debian's ${toInstall.join(', ')} for the tests ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...toInstall], {
    stdio: 'inherit',
    env,
  });
  return missing();
}

/** CHROMIUM_PATH when it exists, else Debian's chromium. */
export function chromiumBinary(): string | undefined {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return debianBinary('chromium');
}
