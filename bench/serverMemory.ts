// The composed server's resident memory while 1,000 visitors at once ask for one cached
// market answer with brotli (docs/security.md#memory-one-cached-answer-to-a-crowd): part of
// `npm run bench`, and alone with `npx tsx bench/serverMemory.ts`, which records its figure
// into bench/results.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';
import path from 'node:path';
import { startFixtureServer } from '@token-portfolio/shared/fixtures';
import { figure, recordAlone, type Figure } from './report';
import { syntheticCoinRows, THOUSAND } from './syntheticCoins';

export const SERVER_MEMORY_FIGURE =
  'Server memory growth, 1,000 concurrent requests for one cached answer';
const CONCURRENT = 1_000;
const repoRoot = path.resolve(import.meta.dirname, '..');

/** The process's resident memory now, in bytes (Linux /proc). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

/** `npm run serve` as a child process, resolving with its origin once it listens. */
export function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /running at (http:\/\/[^/\s]+)\//.exec(output)?.[1];
      if (origin) resolve({ child, origin });
    });
    child.once('exit', (code) => reject(new Error(`The server exited (${code}): ${output}`)));
  });
}

/** GET with brotli, reading the whole answer; resolves with its status and encoding. */
function getBrotli(url: string, agent: Agent): Promise<{ status: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent, headers: { 'accept-encoding': 'br' } }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers['content-encoding']),
        }),
      );
    }).on('error', reject);
  });
}

export interface ServerMemory {
  growthMb: number;
  answerKb: number;
}

/**
 * Starts the composed server (the fixture API knowing 1,000 coins as its market), fetches
 * the prices of 250 watched coins with their sparklines once (now cached), then sends
 * 1,000 requests for that answer at once, each on its own connection, and reads the
 * server's resident memory every 5 ms until all are answered: the peak minus before.
 */
export async function measureServerMemory(): Promise<ServerMemory> {
  const fixtures = await startFixtureServer({ coins: syntheticCoinRows(THOUSAND) });
  const { child, origin } = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    MARKET_API_URL: fixtures.url,
    // One load generator, one address: its limits are not what is measured.
    MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: '1000',
    MARKET_GATEWAY_CLIENT_SHARE_PERCENT: '100',
  });
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    const ids = syntheticCoinRows(THOUSAND)
      .slice(0, 250)
      .map((row) => row.id);
    const url =
      `${origin}/api/market/coins/markets?vs_currency=usd&ids=${ids.join(',')}` +
      '&per_page=250&page=1&sparkline=true&price_change_percentage=24h';
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const answerKb = (await plain.arrayBuffer()).byteLength / 1024;
    await getBrotli(url, agent); // the compressed form, as a visitor before the crowd
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pid = child.pid ?? 0;
    const before = await residentBytes(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await residentBytes(pid));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => getBrotli(url, agent)),
    );
    sampling = false;
    await sampler;
    const failed = answers.filter(({ status, encoding }) => status !== 200 || encoding !== 'br');
    if (failed.length > 0) throw new Error(`${failed.length} answers were not 200 with br`);
    return { growthMb: Math.round(((peak - before) / 2 ** 20) * 10) / 10, answerKb };
  } finally {
    agent.destroy();
    child.kill();
    await fixtures.close();
  }
}

export function serverMemoryFigure(memory: ServerMemory | null): Figure {
  return figure(SERVER_MEMORY_FIGURE, memory?.growthMb ?? null, 'MB', '< 200', (v) => v < 200);
}

export const serverMemoryNote = ({ answerKb }: ServerMemory) =>
  `Server memory growth: the composed server (npm run serve, its own process) with the fixture API knowing 1,000 coins; one answer (250 watched coins with sparklines, ${Math.round(answerKb)} KB of JSON) fetched once, then ${CONCURRENT.toLocaleString('en')} requests for it at once with Accept-Encoding: br, each on its own connection; resident memory (/proc VmRSS) read every 5 ms, peak minus before.`;

// Alone: measured, printed, and recorded into bench/results.json beside the other figures.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const memory = await measureServerMemory();
  const note = serverMemoryNote(memory);
  recordAlone(
    import.meta.dirname,
    { figures: [serverMemoryFigure(memory)], notes: [note] },
    {
      figure: (name) => name === SERVER_MEMORY_FIGURE,
      note: (text) => text.startsWith('Server memory growth:'),
    },
  );
  console.log(`${SERVER_MEMORY_FIGURE}: ${memory.growthMb} MB (${note})`);
}
