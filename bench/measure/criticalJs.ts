import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { packageOfModuleKey } from '../../shared/build/chunk-modules-plugin';
import { isRemoteName } from '@token-portfolio/shared/remotes';
import type { DistFolders } from '@token-portfolio/server/dist-folders';

/** Packages of the wallet stack, which must load after the portfolio is visible. */
const WALLET_STACK = /^(wagmi|viem|@wagmi\/|@rainbow-me\/|@walletconnect\/|@tanstack\/|@reown\/)/;

/** The dist file behind a served path: /remotes/<name>/x.js or /x.js (host). */
function distFileOf(urlPath: string, dists: DistFolders): { dist: string; file: string } {
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(urlPath);
  const name = remote?.[1] ?? '';
  if (remote && isRemoteName(name)) return { dist: dists[name], file: remote[2] ?? '' };
  return { dist: dists.host, file: urlPath.replace(/^\//, '') };
}

export interface CriticalJs {
  gzipBytes: number;
  files: number;
  /** Wallet-stack packages among the modules of those files. */
  walletPackages: string[];
}

const gzipSizes = new Map<string, number>();

/**
 * Gzip size (node:zlib, default level) of a served JS file, from its dist: comparable
 * across runs whatever the server sends (it prefers brotli when the browser takes it).
 */
export function gzipSizeOf(urlPath: string, dists: DistFolders): number {
  const { dist, file } = distFileOf(urlPath, dists);
  // The real file: a served folder is a link that a redeploy points elsewhere.
  const absolute = realpathSync(path.join(dist, file));
  let size = gzipSizes.get(absolute);
  if (size === undefined) {
    size = gzipSync(readFileSync(absolute)).length;
    gzipSizes.set(absolute, size);
  }
  return size;
}

/** The gzip size of the JS files a page fetched, and which wallet-stack packages they carry. */
export function criticalJs(scriptPaths: string[], dists: DistFolders): CriticalJs {
  const wallet = new Set<string>();
  let gzipBytes = 0;
  for (const urlPath of new Set(scriptPaths)) {
    gzipBytes += gzipSizeOf(urlPath, dists);
    const { dist, file } = distFileOf(urlPath, dists);
    const chunkModules = JSON.parse(
      readFileSync(path.join(dist, 'chunk-modules.json'), 'utf8'),
    ) as Record<string, string[]>;
    for (const key of chunkModules[file] ?? []) {
      const pkg = packageOfModuleKey(key);
      if (WALLET_STACK.test(pkg)) wallet.add(pkg);
    }
  }
  return { gzipBytes, files: new Set(scriptPaths).size, walletPackages: [...wallet].sort() };
}
