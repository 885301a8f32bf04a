// A real Redis for the tests of the Redis session store: Debian's redis-server, installed
// with apt when the tests run as root on Debian (a clean CI machine), started on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { debianBinary } from '@token-portfolio/shared/build/debian-package';

/** The redis-server binary, or why there is none. Installs Debian's package when it can. */
export function redisServerBinary(): { path: string } | { missing: string } {
  const binary = debianBinary('redis-server', [
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
  ]);
  return binary !== undefined
    ? { path: binary }
    : {
        missing:
          'redis-server is not installed and cannot be installed here ' +
          '(Debian/Ubuntu: `sudo apt-get install redis-server`)',
      };
}

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
  stop(): Promise<void>;
}

/** Starts a throwaway redis-server (no persistence) and resolves once it accepts connections. */
export async function startRedisServer(binary: string): Promise<RunningRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
