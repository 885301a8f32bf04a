import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './freePort';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  /** What the server wrote (its startup notes, its log lines). */
  output(): string;
  /** SIGTERM, as a rolling restart sends it: resolves with how long it took to exit. */
  stop(): Promise<number>;
  /** Starts it again on the same port, with the same environment. */
  start(): Promise<void>;
}

/**
 * The composed server as deployed: `server/src/main.ts` in a process of its own, configured
 * by environment variables, on a port that stays the same across restarts.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    const started = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')],
      {
        env: { PATH: process.env['PATH'], ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`running at http://127.0.0.1:${port}/`)) resolve();
      };
      started.stdout?.on('data', read);
      started.stderr?.on('data', read);
      started.once('exit', (code) => reject(new Error(`The server exited (${code}): ${output}`)));
    });
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}/`,
    output: () => output,
    start,
    stop: async () => {
      const running = child;
      if (!running || running.exitCode !== null) return 0;
      const started = Date.now();
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      await exited;
      return Date.now() - started;
    },
  };
}
