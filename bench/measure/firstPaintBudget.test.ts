import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { DistFolders } from '@token-portfolio/server/dist-folders';
import type { FirstPaintList } from '@token-portfolio/shared/first-paint-list';
import { budgetReport, listedFirstPaint, totalGzipBytes } from './firstPaintBudget';

// Five tiny builds as `npm run build` lays them out: each app's dist/ with its scripts and
// first-paint.json, the host's index.html naming its own scripts.
const VERSION = '2.9.3+rspack.2.3.3';
const list = (overrides: Partial<FirstPaintList>): FirstPaintList => ({
  version: 1,
  entry: ['remoteEntry.composed.js'],
  critical: [],
  consumes: ['react'],
  provides: {},
  federated: true,
  runtimeVersion: VERSION,
  ...overrides,
});
const BUILDS: Record<keyof DistFolders, { list: FirstPaintList; unlisted: string[] }> = {
  host: {
    list: list({
      entry: ['main.11111111.js'],
      critical: ['801.22222222.js'],
      provides: { react: ['121.33333333.js'], 'd3-shape': ['151.44444444.js'] },
    }),
    unlisted: ['market-http.55555555.js'],
  },
  header: {
    list: list({ critical: ['__federation_expose_Header.1.js'] }),
    unlisted: ['wallet.66666666.js'],
  },
  summary: {
    list: list({ critical: ['__federation_expose_PortfolioSummary.2.js', 'summary.3.css'] }),
    unlisted: [],
  },
  watchlist: { list: list({ critical: ['__federation_expose_Watchlist.4.js'] }), unlisted: [] },
  // Not part of the first paint: the modal loads once the portfolio shows.
  addToken: { list: list({ critical: ['__federation_expose_AddToken.5.js'] }), unlisted: [] },
};
const HOST_PAGE_SCRIPTS = ['color-scheme.77777777.js', 'main.11111111.js'];

let root = '';
let dists: DistFolders;
/** Each file's gzip size, as written. */
const gzipBytes = new Map<string, number>();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tp-budget-'));
  dists = Object.fromEntries(
    Object.keys(BUILDS).map((app) => [app, path.join(root, app)]),
  ) as DistFolders;
  for (const [app, { list: appList, unlisted }] of Object.entries(BUILDS)) {
    const dist = dists[app as keyof DistFolders];
    await mkdir(dist);
    await writeFile(path.join(dist, 'first-paint.json'), JSON.stringify(appList));
    const files = [
      ...appList.entry,
      ...appList.critical,
      ...Object.values(appList.provides).flat(),
      ...unlisted,
      ...(app === 'host' ? HOST_PAGE_SCRIPTS : []),
    ];
    for (const file of files) {
      // Random text of a different length each: sizes that do not compress alike.
      const content = randomBytes(200 + gzipBytes.size * 97).toString('hex');
      await writeFile(path.join(dist, file), content);
      gzipBytes.set(`${app}/${file}`, gzipSync(content).length);
    }
  }
  await writeFile(
    path.join(dists.host, 'index.html'),
    `<!doctype html><html><head><script src="${HOST_PAGE_SCRIPTS[0]}"></script><script defer src="${HOST_PAGE_SCRIPTS[1]}"></script></head><body></body></html>`,
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the first paint by the lists', () => {
  it("sums exactly the host page's scripts and the scripts the first-paint lists name", async () => {
    const scripts = await listedFirstPaint(dists);

    const expected = [
      'host/color-scheme.77777777.js',
      'host/main.11111111.js',
      'host/801.22222222.js',
      // The host's copies of what the first paint consumes, not what it could provide.
      'host/121.33333333.js',
      ...['header', 'summary', 'watchlist'].flatMap((remote) => [
        `${remote}/remoteEntry.composed.js`,
        ...BUILDS[remote as keyof DistFolders].list.critical
          .filter((file) => file.endsWith('.js'))
          .map((file) => `${remote}/${file}`),
      ]),
    ].map((file) => (file.startsWith('host/') ? `/${file.slice(5)}` : `/remotes/${file}`));
    expect(scripts.map(({ path: file }) => file).sort()).toEqual(expected.sort());
    expect(totalGzipBytes(scripts)).toBe(
      expected.reduce(
        (sum, file) =>
          sum + (gzipBytes.get(file.replace(/^\/remotes\//, '').replace(/^\//, 'host/')) ?? NaN),
        0,
      ),
    );
  });

  it('refuses to sum when a first-paint remote has no list: the page would read it', async () => {
    const file = path.join(dists.watchlist, 'first-paint.json');
    await unlink(file);
    try {
      await expect(listedFirstPaint(dists)).rejects.toThrow('/remotes/watchlist/first-paint.json');
    } finally {
      await writeFile(file, JSON.stringify(BUILDS.watchlist.list));
    }
  });

  it('refuses to sum a host built without the first-paint speed plugin', async () => {
    const stock = { ...dists, host: path.join(root, 'stock-host') };
    await mkdir(stock.host);
    await writeFile(path.join(stock.host, 'index.html'), '<script src="main.js"></script>');
    await expect(listedFirstPaint(stock)).rejects.toThrow(/No first-paint list in .*stock-host/);
  });
});

describe('the budget report', () => {
  it('lists every file, largest first, and the room left', () => {
    const { lines, within } = budgetReport([
      { path: '/main.1.js', gzipBytes: 30 * 1024 },
      { path: '/shared-packages.2.js', gzipBytes: 100 * 1024 },
    ]);
    expect(within).toBe(true);
    expect(lines.slice(1)).toEqual([
      ' 100.0 KB  /shared-packages.2.js',
      '  30.0 KB  /main.1.js',
      ' 130.0 KB  in 2 files: within the 150 KB budget, 20 KB left',
    ]);
  });

  it('fails over 150 KB, saying by how much', () => {
    const { lines, within } = budgetReport([
      { path: '/main.1.js', gzipBytes: 50 * 1024 },
      { path: '/shared-packages.2.js', gzipBytes: 100.6 * 1024 },
    ]);
    expect(within).toBe(false);
    expect(lines.at(-1)).toBe(' 150.6 KB  in 2 files: over the 150 KB budget by 0.6 KB');
  });
});
