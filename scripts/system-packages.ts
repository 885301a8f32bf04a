// `npm test` starts here: the Debian packages the tests run for real (chromium, nginx,
// redis-server), installed once before anything runs in parallel. Missing ones fail the
// run with what to install: a test that needs them never skips.
import { ensureSystemPackages } from '@token-portfolio/shared/build/debian-package';

const missing = ensureSystemPackages();
if (missing.length > 0) {
  console.error(
    `The tests need ${missing.join(', ')}, which could not be installed here.\n` +
      `Install them (Debian/Ubuntu: \`sudo apt-get install ${missing.join(' ')}\`).`,
  );
  process.exit(1);
}
