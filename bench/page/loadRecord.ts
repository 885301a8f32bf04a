import type { Page } from '@playwright/test';
import { PORTFOLIO_VISIBLE } from './portfolioVisible';

/** One response of a page load, from the browser's Resource Timing. */
export interface LoadedResource {
  path: string;
  startMs: number;
  endMs: number;
  /** Bytes over the network, headers included: 0 when the HTTP cache answered alone. */
  transferSize: number;
  /** The body's size as sent (compressed): > transferSize when a 304 revalidated it. */
  encodedBodySize: number;
  /** 'h2', 'http/1.1' ... */
  protocol: string;
}

/** How a response arrived: from the network, from the cache alone, or revalidated (304). */
export function deliveryOf(resource: LoadedResource): 'network' | 'cache' | 'revalidated' {
  if (resource.transferSize === 0) return 'cache';
  return resource.transferSize < resource.encodedBodySize ? 'revalidated' : 'network';
}

export interface LoadRecord {
  /** ms from navigation start to the 'portfolio-visible' mark. */
  portfolioVisibleMs: number;
  /** The page itself (the navigation) and every resource it loaded, in start order. */
  resources: LoadedResource[];
}

/** What the page loaded, read after the mark was set. */
export function readLoadRecord(page: Page): Promise<LoadRecord> {
  return page.evaluate((mark) => {
    const resourceOf = (entry: PerformanceResourceTiming) => ({
      path: new URL(entry.name).pathname,
      startMs: entry.startTime,
      endMs: entry.responseEnd,
      transferSize: entry.transferSize,
      encodedBodySize: entry.encodedBodySize,
      protocol: entry.nextHopProtocol,
    });
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return {
      portfolioVisibleMs: performance.getEntriesByName(mark)[0]?.startTime ?? NaN,
      resources: entries.map(resourceOf).sort((a, b) => a.startMs - b.startMs),
    };
  }, PORTFOLIO_VISIBLE);
}

const MARK_TIMEOUT_MS = 30_000;

/** Waits for the mark; false when the portfolio never showed this load's data. */
export async function waitForPortfolioVisible(page: Page): Promise<boolean> {
  return page
    .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PORTFOLIO_VISIBLE, {
      timeout: MARK_TIMEOUT_MS,
    })
    .then(
      () => true,
      () => false,
    );
}
