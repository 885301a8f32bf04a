// Before any jest worker starts: the Redis tests run a real redis-server, installed here
// once (two workers installing it at once would fail on dpkg's lock).
import { ensureSystemPackages } from '../../build/debianPackage';

export default function globalSetup(): void {
  ensureSystemPackages(['redis-server']);
}
