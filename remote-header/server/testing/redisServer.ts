// A real Redis for the tests of the Redis session store: Debian's redis-server (installed
// before the tests by jest's global setup when it may), started on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { requireDebianBinary } from '@token-portfolio/shared/build/debian-package';

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
export async function startRedisServer(): Promise<RunningRedis> {
  const binary = requireDebianBinary('redis-server');
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
