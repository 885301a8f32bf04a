import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readServerConfig } from '@token-portfolio/server/config';
import type { DistFolders } from '@token-portfolio/server/dist-folders';
import { createComposedServer } from '@token-portfolio/server/server';
import { startServerProcess, type ServerProcess } from './serverProcess';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Every test visitor comes from 127.0.0.1: one visitor to the per-visitor limits, which
 * are raised here (a test of a limit sets its own). The tests read each build's
 * chunk-modules.json to see which modules a page loaded, so build records are served.
 */
const TEST_SETTINGS = {
  SERVE_BUILD_RECORDS: 'true',
  MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: '1000',
  MARKET_GATEWAY_SEARCHES_PER_CLIENT: '1000',
  MARKET_GATEWAY_PAGES_PER_CLIENT: '1000',
  MARKET_GATEWAY_CLIENT_SHARE_PERCENT: '100',
  AUTH_NONCES_PER_CLIENT: '100000',
  AUTH_SIGN_INS_PER_CLIENT: '100000',
};

/**
 * Starts the composed server on a free loopback port, configured as a user would
 * (environment variables), optionally serving other dist folders.
 */
export async function startComposedServer(
  env: Record<string, string> = {},
  dists?: DistFolders,
): Promise<RunningServer> {
  const config = readServerConfig({ PORT: '0', ...TEST_SETTINGS, ...env });
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(path.join(tmpdir(), 'tp-data-'));
  const app = await createComposedServer({
    runtime: config.runtime,
    marketGateway: config.marketGateway,
    trustProxy: config.trustProxy,
    limits: config.limits,
    authSecret: config.authSecret,
    // Saved watchlists as `npm start` keeps them: in the test's DATA_DIR, else a folder of
    // this server's own (a folder is locked to one server).
    dataDir: env.DATA_DIR ? config.dataDir : ownDataDir,
    ...(dists ? { dists } : {}),
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await app.close();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The composed server in a process of its own, configured as startComposedServer's: a test
 * can stop it and start it again on the same port (serverProcess.ts).
 */
export const startComposedServerProcess = (env: Record<string, string>): Promise<ServerProcess> =>
  startServerProcess({ ...TEST_SETTINGS, ...env });

/**
 * A test that closes its own servers leaves the page first: the page keeps loading after
 * what the test waited for (Add Token and the wallet stack come after the portfolio shows),
 * and a closed server would fail those loads with console errors.
 */
export async function leaveBeforeServersClose(page: Page): Promise<void> {
  await page.goto('about:blank');
}
