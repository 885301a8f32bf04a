import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';
import { freePort } from '../e2e/support/freePort';
import { chromiumBinary } from '@token-portfolio/shared/build/debian-package';

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

/** Chromium, trusting the bench's local certificate by its key's hash (see tls.ts). */
export async function launchBenchBrowser(spkiSha256: string): Promise<BenchBrowser> {
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumBinary(),
    args: [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${debuggingPort}`,
      `--ignore-certificate-errors-spki-list=${spkiSha256}`,
    ],
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

/**
 * A fresh context (empty cache and storage) with one page and its DevTools session. The
 * visitor prefers reduced motion, so the portfolio total shows its value at once instead
 * of counting up to it for 500 ms (docs/product.md#numbers-and-limits): the mark times the data, not the
 * animation, in both builds alike.
 */
export async function openPage(
  browser: Browser,
  { throttled }: { throttled: boolean },
): Promise<BenchPage> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(NAME_HELPER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttled) await throttle(cdp);
  return { context, page, cdp };
}

/** The profile of the timed loads: Slow 4G and a CPU 4x slower. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}
