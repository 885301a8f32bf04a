import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FirstPaintList } from '@token-portfolio/shared/build/first-paint';
import { readServerConfig } from '../config';
import type { DistFolders } from '../distFolders';
import { ComposedPage, preloadHints, runtimeConfigBlock } from './composedPage';
import { firstPaintListOf } from '@token-portfolio/shared/first-paint-list';

const list = (overrides: Partial<FirstPaintList>): FirstPaintList => ({
  version: 1,
  entry: [],
  critical: [],
  consumes: [],
  provides: {},
  federated: true,
  ...overrides,
});

const host = list({
  entry: ['main.11111111.js'],
  critical: ['801.22222222.js'],
  consumes: ['react'],
  provides: { react: ['121.33333333.js'], 'd3-shape': ['151.44444444.js'] },
});
const summary = list({
  entry: ['remoteEntry.composed.js'],
  critical: ['609.55555555.js', 'summary.66666666.css'],
  consumes: ['react', 'd3-shape', 'only-here'],
  provides: { react: ['121.77777777.js'], 'only-here': ['9.88888888.js'] },
});

/** The dist folders of a composed server under root, one folder per app. */
const distsUnder = (root: string) =>
  Object.fromEntries(
    ['host', 'header', 'summary', 'watchlist', 'addToken'].map((name) => [
      name,
      path.join(root, name),
    ]),
  ) as DistFolders;

/** A host build's page under root: one deferred script, the host's entry. */
async function writeHostPage(root: string) {
  await mkdir(path.join(root, 'host'), { recursive: true });
  await writeFile(
    path.join(root, 'host/index.html'),
    '<!doctype html><html><head><title>T</title><script defer src="main.11111111.js"></script></head></html>',
  );
}

test("the host's entry comes first, shared packages come from the host when it provides them", () => {
  const hints = preloadHints({ base: '/', list: host }, [
    {
      manifestUrl: 'https://cdn.example/summary/mf-manifest.json',
      build: { base: 'https://cdn.example/summary/', list: summary },
      entryUrl: 'https://cdn.example/summary/remoteEntry.composed.js',
    },
    // Its list could not be read in time: the page reads it.
    { manifestUrl: '/remotes/watchlist/mf-manifest.json', build: null, entryUrl: null },
    // Another federation version: the page loads its self-contained entry, which the list
    // does not name, so nothing of it is hinted but the list.
    {
      manifestUrl: '/remotes/header/mf-manifest.json',
      build: { base: '/remotes/header/', list: summary },
      entryUrl: null,
    },
  ]);
  expect(hints).toEqual([
    { href: '/main.11111111.js', as: 'script' },
    { href: '/remotes/watchlist/first-paint.json', as: 'fetch' },
    { href: '/remotes/header/first-paint.json', as: 'fetch' },
    { href: '/801.22222222.js', as: 'script' },
    { href: '/121.33333333.js', as: 'script' },
    { href: 'https://cdn.example/summary/remoteEntry.composed.js', as: 'script' },
    { href: 'https://cdn.example/summary/609.55555555.js', as: 'script' },
    { href: 'https://cdn.example/summary/summary.66666666.css', as: 'style' },
    { href: '/151.44444444.js', as: 'script' },
    { href: 'https://cdn.example/summary/9.88888888.js', as: 'script' },
  ]);
});

test('a list from elsewhere passes only file names of its build', () => {
  expect(firstPaintListOf(summary)).toEqual(summary);
  expect(firstPaintListOf({ ...summary, critical: ['../../secret.js'] })).toBeNull();
  expect(firstPaintListOf({ ...summary, entry: ['"><script>alert(1)</script>.js'] })).toBeNull();
  expect(firstPaintListOf({ ...summary, provides: { x: ['https://evil.example/x.js'] } })).toEqual({
    ...summary,
    provides: {},
  });
  expect(firstPaintListOf('not a list')).toBeNull();
  for (const version of ['2.9.2', '2.9.2+rspack.2.2.9', '2.10.0-rc.1+rspack.2.2.9']) {
    expect(firstPaintListOf({ ...summary, runtimeVersion: version })?.runtimeVersion).toBe(version);
  }
  expect(firstPaintListOf({ ...summary, runtimeVersion: '"><b>' })).toEqual(summary);
  // Lists written before the field existed came from federated builds.
  const { federated: _omitted, ...older } = summary;
  expect(firstPaintListOf(older)).toEqual(summary);
});

test('the config block cannot end its element', () => {
  const runtime = readServerConfig({ WALLETCONNECT_PROJECT_ID: '' }).runtime;
  const block = runtimeConfigBlock({
    ...runtime,
    market: { ...runtime.market, baseUrl: '</script><b>' },
  });
  expect(block.match(/<\/script>/g)).toHaveLength(1);
  expect(block).toContain('\\u003c/script>\\u003cb>');
});

describe('a remote on another origin', () => {
  let root: string;
  let slow: Server;
  let slowUrl: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tp-first-paint-'));
    await writeHostPage(root);
    await writeFile(path.join(root, 'host/first-paint.json'), JSON.stringify(host));
    // Never answers: the page must not wait for it.
    slow = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((resolve) => slow.once('listening', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/summary/mf-manifest.json`;
  });
  afterAll(async () => {
    slow.closeAllConnections();
    slow.close();
    await rm(root, { recursive: true, force: true });
  });

  it('that does not answer in time leaves the page without its hints, not late', async () => {
    const runtime = readServerConfig({ REMOTE_SUMMARY_URL: slowUrl }).runtime;
    const dists = distsUnder(root);
    const started = Date.now();
    const html = (await new ComposedPage(runtime, dists).render()) ?? '';
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(html).toContain('<link rel="preload" href="/main.11111111.js" as="script">');
    // The page reads that remote's list itself (the version rule): hinted, as the page will
    // fetch it.
    expect(html).toContain(
      `<link rel="preload" href="${new URL('first-paint.json', slowUrl).href}" as="fetch" crossorigin>`,
    );
    expect(html).not.toContain('remoteEntry.composed.js');
    expect(html.indexOf('id="token-portfolio-config"')).toBeLessThan(html.indexOf('<script defer'));
  });
});

describe("remotes on the host's federation runtime version", () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tp-direct-entries-'));
    const builds = {
      host: { ...host, runtimeVersion: '2.9.2' },
      summary: { ...summary, runtimeVersion: '2.9.2' },
      watchlist: { ...summary, runtimeVersion: '0.0.1' },
      header: { ...summary },
    };
    await writeHostPage(root);
    for (const [name, build] of Object.entries(builds)) {
      await mkdir(path.join(root, name), { recursive: true });
      await writeFile(path.join(root, name, 'first-paint.json'), JSON.stringify(build));
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('are loaded from their entries; the others through their lists', async () => {
    const runtime = readServerConfig({}).runtime;
    const dists = distsUnder(root);
    const html = (await new ComposedPage(runtime, dists).render()) ?? '';
    const config = JSON.parse(
      /<script type="application\/json" id="token-portfolio-config">(.*?)<\/script>/.exec(
        html,
      )?.[1] ?? '{}',
    ) as typeof runtime;
    expect(config.remotes).toEqual(runtime.remotes);
    expect(config.entries).toEqual({ summary: '/remotes/summary/remoteEntry.composed.js' });
    const listHints = html.match(/href="[^"]*first-paint\.json"/g);
    // Another runtime version, and a list that does not say its version: the page reads them.
    expect(listHints).toEqual([
      'href="/remotes/header/first-paint.json"',
      'href="/remotes/watchlist/first-paint.json"',
    ]);
    expect(html).not.toMatch(/href="[^"]*mf-manifest/);
    expect(html).toContain(
      '<link rel="preload" href="/remotes/summary/remoteEntry.composed.js" as="script">',
    );
  });
});

describe('a host built without federation', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'tp-single-bundle-'));
    await writeHostPage(root);
    await writeFile(
      path.join(root, 'host/first-paint.json'),
      JSON.stringify(list({ entry: ['main.11111111.js'], federated: false })),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('gets no remote manifest hints: it loads no remote', async () => {
    const runtime = readServerConfig({}).runtime;
    const dists = distsUnder(root);
    const html = (await new ComposedPage(runtime, dists).render()) ?? '';
    expect(html.match(/<link rel="preload"[^>]*>/g)).toEqual([
      '<link rel="preload" href="/main.11111111.js" as="script">',
    ]);
  });
});
