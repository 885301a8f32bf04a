import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';
import { freePort } from '../e2e/support/freePort';

/**
 * Lighthouse's 'Slow 4G' (DevTools throttling): 150 ms RTT and 1.6 Mbit/s, scaled by
 * its usual factors for request-level throttling.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
export const CPU_SLOWDOWN = 4;

export interface BenchBrowser {
  browser: Browser;
  /** The DevTools port (for Lighthouse, which drives the same Chromium). */
  debuggingPort: number;
  close(): Promise<void>;
}

export async function launchBenchBrowser(): Promise<BenchBrowser> {
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  return { browser, debuggingPort, close: () => browser.close() };
}

// tsx (esbuild keepNames) wraps named functions in `__name(...)`; page functions built
// here are serialised into the page, so the page needs that helper too.
const NAME_HELPER = 'globalThis.__name ??= (fn) => fn;';

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

/** A fresh context (empty cache and storage) with one page and its DevTools session. */
export async function openPage(
  browser: Browser,
  { throttled }: { throttled: boolean },
): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(NAME_HELPER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttled) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  return { context, page, cdp };
}
