// The saved watchlist (issue 46): how soon a change made on one device shows on another,
// and the server's memory per 10,000 synced wallets. Part of `npm run bench`; alone with
// `npx tsx bench/sync.ts`, which records its figures into the results files.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chromiumBinary } from '@token-portfolio/shared/build/debian-package';
import type { Change } from '@token-portfolio/shared/watchlist-bodies';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';
import { freePort } from '../e2e/support/freePort';
import { startNginxInFront } from '../e2e/support/nginxGateway';
import type { EventReader } from '../server/src/testing/visitor';
import { Visitor, testAccounts } from '../server/src/testing/visitor';
import { CPU_SLOWDOWN, openPage, SLOW_4G } from './browser';
import { figure, recordAlone, type Figure } from './report';
import { residentBytes, startServer } from './serverMemory';

export const SYNC_LATENCY_FIGURE = 'Sync: change visible on a second device, p95';
export const SYNC_MEMORY_FIGURE = 'Sync: server memory per 10,000 synced wallets';
const CHANGES = 30;
const TOKENS_PER_WALLET = 20;
/** Wallets synced for the memory figure (BENCH_SYNC_WALLETS to try it with fewer). */
const WALLETS = Number(process.env['BENCH_SYNC_WALLETS'] ?? 10_000);
const AT_ONCE = 50;

/**
 * A server (`npm run serve`) as a deployment without Redis runs it, its DATA_DIR fresh;
 * `publicOrigin`: the origin of the nginx in front of it.
 */
async function startSyncServer(publicOrigin?: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-sync-'));
  const server = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    ...(publicOrigin && { PUBLIC_ORIGIN: publicOrigin }),
    DATA_DIR: dataDir,
    MARKET_MODE: 'direct',
    AUTH_SECRET: randomUUID() + randomUUID(),
    // One load generator, one address: the per-visitor sign-in limits are not measured.
    AUTH_NONCES_PER_CLIENT: '100000',
    AUTH_SIGN_INS_PER_CLIENT: '100000',
    // The address a request names (nginx's, or each synced wallet's own, below).
    TRUST_PROXY: 'true',
  });
  return {
    ...server,
    close: async () => {
      server.child.kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
};

/** A device: a page of the site in its own browser context, throttled, signed in. */
async function openDevice(browser: Browser, origin: string, cookie: string): Promise<Page> {
  const { context, page } = await openPage(browser, { throttled: true });
  const [name = '', value = ''] = cookie.split('=');
  await context.addCookies([{ name, value, url: origin }]);
  // Any page of the site: the device's requests are same-origin, with its cookie.
  await page.goto(`${origin}/config.json`);
  return page;
}

/**
 * Chromium's network emulation adds its latency between a request and its answer's
 * headers only: a request reaches the server at once, and data on an open stream comes
 * at once. A real network of the profile takes half a round trip each way, so the figure
 * adds one round trip (the profile's latency) to what Chromium measured.
 */
const ROUND_TRIP_MS = SLOW_4G.latency;

export interface SyncLatency {
  /** As measured in Chromium, from the laptop's send to the phone's event. */
  measuredP95Ms: number;
  measuredMedianMs: number;
}

/**
 * One server behind the documented nginx; two browser contexts signed in to one wallet,
 * each throttled as the timed page loads (Slow 4G, CPU 4x). The laptop sends a change
 * (as the page does: POST /api/watchlist/changes); the phone follows the list with an
 * EventSource. The time from the laptop's send to the phone's `changes` event, CHANGES
 * times, a second apart.
 */
export async function measureSyncLatency(): Promise<SyncLatency> {
  const frontPort = await freePort();
  const origin = `http://127.0.0.1:${frontPort}`;
  const server = await startSyncServer(origin);
  const front = await startNginxInFront([`${server.origin}/`], frontPort);
  const browser = await chromium.launch({ executablePath: chromiumBinary(), args: CHROMIUM_ARGS });
  try {
    const devices = await Promise.all(
      [0, 1].map(async () => {
        const visitor = new Visitor(origin);
        await visitor.signIn(testAccounts.alice);
        return openDevice(browser, origin, visitor.cookie);
      }),
    );
    const [laptop, phone] = devices as [Page, Page];
    await phone.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const heard: { version: number; at: number }[] = [];
          Object.assign(window, { heard });
          const events = new EventSource('/api/watchlist/events');
          events.addEventListener('snapshot', () => resolve());
          events.addEventListener('changes', (event) => {
            heard.push({
              version: (JSON.parse(event.data) as { version: number }).version,
              at: Date.now(),
            });
          });
        }),
    );
    const deviceId = randomUUID();
    const times: number[] = [];
    for (let version = 1; version <= CHANGES; version += 1) {
      const change: Change = {
        changeId: randomUUID(),
        kind: 'holdings',
        id: 'bitcoin',
        holdings: String(version),
      };
      const body = JSON.stringify({ deviceId, baseVersion: version - 1, changes: [change] });
      const sentAt = await laptop.evaluate(async (text) => {
        const at = Date.now();
        void fetch('/api/watchlist/changes', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        return at;
      }, body);
      const heardAt = await phone.evaluate(
        (v) =>
          new Promise<number>((resolve) => {
            const look = () => {
              const found = (
                window as unknown as { heard: { version: number; at: number }[] }
              ).heard.find((h) => h.version === v);
              if (found) resolve(found.at);
              else setTimeout(look, 5);
            };
            look();
          }),
        version,
      );
      times.push(heardAt - sentAt);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    return { measuredP95Ms: percentile(times, 0.95), measuredMedianMs: percentile(times, 0.5) };
  } finally {
    await browser.close();
    await front.close();
    await server.close();
  }
}

export interface SyncMemory {
  perTenThousandMb: number;
  wallets: number;
}

let walletsSynced = 0;

/**
 * One wallet synced as a page does it: sign in, send its list, follow it; from an address
 * of its own, as each of 10,000 visitors would (the changes are counted per address).
 */
async function syncWallet(origin: string): Promise<EventReader> {
  walletsSynced += 1;
  const address = `10.${(walletsSynced >> 16) & 255}.${(walletsSynced >> 8) & 255}.${walletsSynced & 255}`;
  const visitor = new Visitor(origin, address);
  await visitor.signIn(privateKeyToAccount(generatePrivateKey()));
  const changes: Change[] = Array.from({ length: TOKENS_PER_WALLET }, (_, i) => ({
    changeId: randomUUID(),
    kind: 'add',
    id: `coin-${i}`,
    holdings: String(i + 0.5),
    after: i === 0 ? null : `coin-${i - 1}`,
  }));
  const sent = await visitor.fetch('/api/watchlist/changes', {
    method: 'POST',
    body: JSON.stringify({ deviceId: randomUUID(), baseVersion: 0, changes }),
  });
  if (sent.status !== 200) throw new Error(`changes answered ${sent.status}`);
  const stream = await visitor.events(`/api/watchlist/events?since=${TOKENS_PER_WALLET}`);
  if (stream.response.status !== 200)
    throw new Error(`the stream answered ${stream.response.status}`);
  return stream;
}

/**
 * The server's resident memory (/proc VmRSS) once WALLETS wallets are synced, each
 * signed in with its own key, its list of 20 tokens saved, one page following it (an open
 * event stream), minus before; per 10,000 wallets.
 */
export async function measureSyncMemory(): Promise<SyncMemory> {
  const server = await startSyncServer();
  const streams: EventReader[] = [];
  try {
    const syncSome = async (count: number) => {
      for (let done = 0; done < count; done += AT_ONCE) {
        const batch = Math.min(AT_ONCE, count - done);
        streams.push(
          ...(await Promise.all(Array.from({ length: batch }, () => syncWallet(server.origin)))),
        );
      }
    };
    await syncSome(AT_ONCE); // warm: the code paths compiled, the pools made
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = await residentBytes(server.child.pid ?? 0);
    await syncSome(WALLETS);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await residentBytes(server.child.pid ?? 0);
    const perTenThousandMb = ((after - before) / 2 ** 20) * (10_000 / WALLETS);
    return { perTenThousandMb: Math.round(perTenThousandMb * 10) / 10, wallets: WALLETS };
  } finally {
    await Promise.all(streams.map((stream) => stream.close()));
    await server.close();
  }
}

export function syncFigures(latency: SyncLatency | null, memory: SyncMemory | null): Figure[] {
  return [
    figure(
      SYNC_LATENCY_FIGURE,
      latency ? Math.round(latency.measuredP95Ms + ROUND_TRIP_MS) : null,
      'ms',
      '<= 2000',
      (v) => v <= 2000,
    ),
    figure(SYNC_MEMORY_FIGURE, memory?.perTenThousandMb ?? null, 'MB'),
  ];
}

export const syncNotes = (latency: SyncLatency | null, memory: SyncMemory | null): string[] => [
  ...(latency
    ? [
        `Sync, change visible on a second device: one composed server (npm run serve, the file store) behind the documented nginx (docs/nginx/market-gateway.conf); two Chromium contexts signed in to one wallet, each throttled as the timed loads (Slow 4G, CPU ${CPU_SLOWDOWN}x); the laptop sends a change as the page does (POST /api/watchlist/changes), the phone follows the list with an EventSource; from the send to the phone's changes event, ${CHANGES} changes a second apart: p95 ${latency.measuredP95Ms} ms, median ${latency.measuredMedianMs} ms in Chromium. Chromium's emulated latency delays only an answer's headers (neither the request reaching the server nor data on an open stream), so the figure adds the profile's round trip (${ROUND_TRIP_MS} ms: half to send the change, half to receive the event) to the measured p95. The page's own work before sending and after receiving (its batching, its render) is not in it.`,
      ]
    : []),
  ...(memory
    ? [
        `Sync, server memory: the composed server (npm run serve, its own process, the file store) with ${memory.wallets.toLocaleString('en')} wallets synced, each signed in with its own key, its list of ${TOKENS_PER_WALLET} tokens saved and one page following it (an open event stream); resident memory (/proc VmRSS) after minus before (after ${AT_ONCE} wallets to warm up), per 10,000 wallets.`,
      ]
    : []),
];

// Alone: measured, printed, and recorded into bench/results.json beside the other figures.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const latency = await measureSyncLatency();
  const memory = await measureSyncMemory();
  const figures = syncFigures(latency, memory);
  recordAlone(
    import.meta.dirname,
    { figures, notes: syncNotes(latency, memory) },
    { figure: (name) => name.startsWith('Sync: '), note: (text) => text.startsWith('Sync, ') },
  );
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.unit}`);
  for (const note of syncNotes(latency, memory)) console.log(`- ${note}`);
}
