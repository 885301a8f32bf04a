// A real Redis for the tests: Debian's redis-server (installed before the tests by jest's
// global setup and scripts/e2e.ts when they may), started on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requireDebianBinary } from '../../build/debianPackage';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningRedis {
  url: string;
  /** Stops it (SIGTERM: it writes what it holds first; SIGKILL: it does not). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port, from its files when it persists. */
  restart(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

export interface RedisServerOptions {
  /** Persistence as docs/deploying.md runs it (append-only file, fsync every second). */
  persistent?: boolean;
}

/** Starts a throwaway redis-server and resolves once it accepts connections. */
export async function startRedisServer({
  persistent = false,
}: RedisServerOptions = {}): Promise<RunningRedis> {
  const binary = requireDebianBinary('redis-server');
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'tp-redis-'));
  const args = [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
    ...['--appendonly', persistent ? 'yes' : 'no', '--appendfsync', 'everysec'],
    ...['--maxmemory-policy', 'noeviction'],
  ];
  let child: ChildProcess | null = null;

  const start = async () => {
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    remove: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
