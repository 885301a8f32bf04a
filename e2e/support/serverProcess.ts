import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './freePort';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Loading the server's TypeScript takes a while on a busy 2-core machine. */
const STARTUP_MS = 180_000;

export interface ServerProcess {
  url: string;
  /** What the server wrote (its startup notes, its log lines). */
  output(): string;
  /**
   * SIGTERM, as a rolling restart sends it: resolves with its exit code (0: it stopped
   * cleanly, 1: it had to cut what was still open) and how long it took to exit.
   */
  stop(): Promise<{ code: number | null; ms: number }>;
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
    const startedAt = output.length;
    await new Promise<void>((resolve, reject) => {
      const failed = (why: string) => reject(new Error(`${why}: ${output.slice(startedAt)}`));
      const exited = (code: number | null) => failed(`The server exited (${code})`);
      // A server that never says it runs must not outlive the test.
      const timer = setTimeout(() => {
        started.kill('SIGKILL');
        failed(`The server did not start within ${STARTUP_MS / 1000} s`);
      }, STARTUP_MS);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.slice(startedAt).includes(`running at http://127.0.0.1:${port}/`)) {
          clearTimeout(timer);
          started.off('exit', exited);
          resolve();
        }
      };
      started.stdout?.on('data', read);
      started.stderr?.on('data', read);
      started.once('exit', exited);
    });
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}/`,
    output: () => output,
    start,
    stop: async () => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null)
        return { code: running?.exitCode ?? null, ms: 0 };
      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      return { code: await exited, ms: Date.now() - started };
    },
  };
}
