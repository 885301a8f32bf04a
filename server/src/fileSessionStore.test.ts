import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSessionStore } from './fileSessionStore';

const alice = { address: '0x3003E6f30919bDBF0C10fC3648f8A68746e23Ec6' as const, chainId: 1 };
const HOUR = 3_600_000;

describe('FileSessionStore (sessions without Redis, kept in DATA_DIR)', () => {
  let dataDir = '';
  const warnings: string[] = [];
  const open = () => FileSessionStore.open(dataDir, (message) => warnings.push(message));

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sessions-'));
    warnings.length = 0;
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  test('a restarted server finds open sessions and used nonces; closed and expired ones stay gone', async () => {
    const before = await open();
    await before.openSession('open', alice, Date.now() + HOUR);
    await before.openSession('signed-out', alice, Date.now() + HOUR);
    await before.closeSession('signed-out');
    await before.openSession('expiring', alice, Date.now() + 50);
    expect(await before.useNonce('nonce-1', Date.now() + HOUR)).toBe(true);
    await before.close();
    await new Promise((resolve) => setTimeout(resolve, 60));

    const after = await open();
    expect(await after.findSession('open')).toEqual(alice);
    expect(await after.findSession('signed-out')).toBeNull();
    expect(await after.findSession('expiring')).toBeNull();
    // A signed message cannot be replayed across the restart.
    expect(await after.useNonce('nonce-1', Date.now() + HOUR)).toBe(false);
    await after.close();
    expect(warnings).toEqual([]);
  });

  test('the file is readable by the server’s user only', async () => {
    const store = await open();
    await store.openSession('open', alice, Date.now() + HOUR);
    await store.close();
    expect((await stat(path.join(dataDir, 'sessions.json'))).mode & 0o777).toBe(0o600);
  });

  test('an unreadable file starts an empty store with a warning, and is replaced on the next sign-in', async () => {
    const file = path.join(dataDir, 'sessions.json');
    await writeFile(file, '{"sessions": [["x", {"address": "not an address"}, 1]]');
    const store = await open();
    expect(await store.findSession('x')).toBeNull();
    expect(warnings).toEqual([
      `Sign-in sessions in ${file} are unreadable: visitors sign in again.`,
    ]);
    await store.openSession('new', alice, Date.now() + HOUR);
    await store.close();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      sessions: [['new', alice, expect.any(Number)]],
    });
  });
});
