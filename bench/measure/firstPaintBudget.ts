import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readServerConfig } from '@token-portfolio/server/config';
import type { DistFolders } from '@token-portfolio/server/dist-folders';
import { ComposedPage } from '../../server/src/firstPaint/composedPage';
import { kb } from '../report';
import { gzipSizeOf } from './criticalJs';

/** The budget for "JS before portfolio visible, federated (gzip)" (bench/README.md). */
export const FIRST_PAINT_BUDGET_KB = 150;

export interface ListedScript {
  /** As the page asks for it: /main.1a2b3c4d.js, /remotes/<name>/remoteEntry.composed.js. */
  path: string;
  gzipBytes: number;
}

/** The scripts the host's index.html names itself: the colour-scheme file and main.js. */
async function pageScripts(hostDist: string): Promise<string[]> {
  const html = await readFile(path.join(hostDist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map(
    ([, src = '']) => new URL(src, 'http://page.invalid/').pathname,
  );
}

/**
 * The JavaScript the composed page runs before the portfolio shows, from the builds alone:
 * the host page's own scripts and every script the composed server hints from the
 * first-paint lists (server/src/firstPaint/composedPage.ts), each once, with its gzip size
 * as the bench measures it (gzipSizeOf). The same figure as the bench's "JS before
 * portfolio visible", without a browser. Throws when the lists cannot name every file: a
 * build without them, or a remote the page would read the list of itself.
 */
export async function listedFirstPaint(dists: DistFolders): Promise<ListedScript[]> {
  const { hints } = await new ComposedPage(readServerConfig({}).runtime, dists).firstPaint();
  if (hints.length === 0) {
    throw new Error(
      `No first-paint list in ${dists.host}: build with the first-paint speed plugin (npm run build)`,
    );
  }
  const unread = hints.filter(({ as }) => as === 'fetch').map(({ href }) => href);
  if (unread.length > 0) {
    throw new Error(
      `The page would read these lists itself (missing, or of another federation version than the host's): ${unread.join(', ')}`,
    );
  }
  const hinted = hints.filter(({ as }) => as === 'script').map(({ href }) => href);
  const paths = new Set([...(await pageScripts(dists.host)), ...hinted]);
  return [...paths].map((urlPath) => ({ path: urlPath, gzipBytes: gzipSizeOf(urlPath, dists) }));
}

export const totalGzipBytes = (scripts: readonly ListedScript[]) =>
  scripts.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);

/** The report: every file with its size, largest first, then the total against the budget. */
export function budgetReport(scripts: readonly ListedScript[]): {
  lines: string[];
  within: boolean;
} {
  const total = kb(totalGzipBytes(scripts));
  const within = total <= FIRST_PAINT_BUDGET_KB;
  const size = (value: number) => `${value.toFixed(1)} KB`.padStart(9);
  const margin = Math.round(Math.abs(FIRST_PAINT_BUDGET_KB - total) * 10) / 10;
  return {
    lines: [
      'JavaScript before the portfolio shows, by the first-paint lists (gzip):',
      ...[...scripts]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map(({ path: file, gzipBytes }) => `${size(kb(gzipBytes))}  ${file}`),
      `${size(total)}  in ${scripts.length} files: ${
        within
          ? `within the ${FIRST_PAINT_BUDGET_KB} KB budget, ${margin} KB left`
          : `over the ${FIRST_PAINT_BUDGET_KB} KB budget by ${margin} KB`
      }`,
    ],
    within,
  };
}
