// The default store: real files in a temporary DATA_DIR, real server processes for the lock.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Change } from '@token-portfolio/shared/watchlist-bodies';
import { FileStorage, diskUseShare } from './fileStorage';
import type { WalletEvent } from './storage';
import { RETENTION_MS, parseState } from './walletState';
import { WalletWatchlists } from './walletWatchlists';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const wallet = '0x3003e6f30919bdbf0c10fc3648f8a68746e23ec6';
const otherWallet = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const quietLog = { warn: () => {}, error: () => {} };

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-data-dir-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const addChange = (id: string, holdings = '1'): Change => ({
  changeId: randomUUID(),
  kind: 'add',
  id,
  holdings,
  after: null,
});
const request = (...changes: Change[]) => ({ deviceId: randomUUID(), baseVersion: 0, changes });

/** `npm run serve` on DATA_DIR; resolves once it listens, or with its output when it exits. */
function startServer(): {
  child: ChildProcess;
  started: Promise<{ code: number | null; output: string } | 'listening'>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, MARKET_MODE: 'direct' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<{ code: number | null; output: string } | 'listening'>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve('listening');
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => resolve({ code, output }));
  });
  return { child, started };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

test('one server process per DATA_DIR: a second refuses to start and says why; a killed one frees it', async () => {
  const first = startServer();
  expect(await first.started).toBe('listening');
  const second = startServer();
  const refused = await second.started;
  expect(refused).toMatchObject({ code: 1 });
  expect(refused !== 'listening' && refused.output).toContain(
    `Token Portfolio could not start: DATA_DIR ${dataDir} is in use by another server process`,
  );
  // Killed without a chance to release the lock: the next server waits for it to go stale.
  first.child.kill('SIGKILL');
  await exited(first.child);
  const third = startServer();
  expect(await third.started).toBe('listening');
  third.child.kill('SIGTERM');
  await exited(third.child);
  // A graceful stop released it: the folder is free at once.
  const fourth = startServer();
  expect(await fourth.started).toBe('listening');
  fourth.child.kill('SIGTERM');
  await exited(fourth.child);
  // Four server starts: a minute each on a machine as loaded as ours can be.
}, 360_000);

describe('atomic writes', () => {
  it('a write cut short between its temporary file and the rename leaves the list before it', async () => {
    const storage = await FileStorage.open(dataDir, quietLog);
    const watchlists = new WalletWatchlists(storage);
    await watchlists.apply(wallet, request(addChange('bitcoin', '1.5')));
    await watchlists.close();
    // What such a crash leaves: the temporary file, half written, beside the list.
    const folder = path.join(dataDir, 'watchlists');
    await writeFile(
      path.join(folder, `${wallet}.json.3141592653`),
      '{"version":2,"tokens":[{"id":"bit',
    );

    const reopened = new WalletWatchlists(await FileStorage.open(dataDir, quietLog));
    expect(await reopened.read(wallet)).toEqual({
      version: 1,
      tokens: [{ id: 'bitcoin', holdings: '1.5' }],
    });
    expect(await readdir(folder)).toEqual([`${wallet}.json`]);
    await reopened.close();
  });

  it('a process killed while it writes leaves a whole list every time', async () => {
    // A process applying change after change to one wallet, saying each version it saved.
    const script = `
      import { randomUUID } from 'node:crypto';
      import { FileStorage } from './server/src/walletWatchlists/fileStorage.ts';
      import { WalletWatchlists } from './server/src/walletWatchlists/walletWatchlists.ts';
      const watchlists = new WalletWatchlists(await FileStorage.open(process.env.DIR, console));
      const ids = Array.from({ length: 300 }, (_, i) => 'coin-' + i);
      for (let round = 0; ; round += 1) {
        const changes = ids.map((id) => ({ changeId: randomUUID(), kind: 'add', id, holdings: String(round), after: null }));
        const answer = await watchlists.apply('${wallet}', { deviceId: randomUUID(), baseVersion: 0, changes });
        console.log('saved ' + answer.answer.version);
      }`;
    for (let run = 0; run < 4; run += 1) {
      const dir = await mkdtemp(path.join(tmpdir(), 'tp-crash-'));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          cwd: repoRoot,
          env: { ...process.env, DIR: dir },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let saved: number[] = [];
      const enough = 2 + run;
      await new Promise<void>((resolve) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          saved = [
            ...saved,
            ...[...chunk.toString().matchAll(/saved (\d+)/g)].map((m) => Number(m[1])),
          ];
          if (saved.length >= enough) resolve();
        });
      });
      // Mid-write by now, most likely: each round writes about 100 KB and fsyncs it.
      child.kill('SIGKILL');
      await exited(child);
      const state = parseState(
        await readFile(path.join(dir, 'watchlists', `${wallet}.json`), 'utf8'),
      );
      // The last version it reported, or the next (its rename done, not yet reported).
      expect([0, 300]).toContain(state.version - (saved.at(-1) ?? 0));
      expect(state.tokens).toHaveLength(300);
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

test('retention: a list not read for 12 months is deleted, and its open pages are told', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const storage = await FileStorage.open(dataDir, quietLog);
  const watchlists = new WalletWatchlists(storage, { now: () => now });
  await watchlists.apply(wallet, request(addChange('bitcoin')));
  await watchlists.apply(otherWallet, request(addChange('ethereum')));
  const heard: WalletEvent[] = [];
  await watchlists.subscribe(wallet, (event) => heard.push(event));

  now += RETENTION_MS / 2;
  await watchlists.read(otherWallet); // read half-way: kept 12 months from then
  now += RETENTION_MS / 2;
  expect(await watchlists.sweep()).toBe(1);
  expect(heard).toEqual([{ type: 'deleted' }]);
  expect(await watchlists.read(wallet)).toEqual({ version: 0, tokens: [] });
  expect((await watchlists.read(otherWallet)).tokens).toEqual([{ id: 'ethereum', holdings: '1' }]);
  await watchlists.close();
});

test("the disk's use is counted as df counts it: lists may not grow past 90%", async () => {
  // df's own figure for DATA_DIR's disk (Use%, rounded up), the one an operator watches.
  const df = await new Promise<string>((resolve, reject) => {
    execFile('df', ['--output=pcent', dataDir], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
  const share = diskUseShare(await statfs(dataDir));
  expect(Math.ceil(share * 100 - 1e-9)).toBe(Number(/(\d+)%/.exec(df)?.[1]));
  // Blocks kept for root count as neither used nor free; a file system without blocks has room.
  expect(diskUseShare({ blocks: 100, bfree: 50, bavail: 45 })).toBeCloseTo(50 / 95);
  expect(diskUseShare({ blocks: 100, bfree: 5, bavail: 0 })).toBe(1);
  expect(diskUseShare({ blocks: 0, bfree: 0, bavail: 0 })).toBe(0);
  const storage = await FileStorage.open(dataDir, quietLog);
  try {
    expect(await storage.hasRoom()).toBe(share < 0.9);
  } finally {
    await storage.close();
  }
});
