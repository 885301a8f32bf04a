// jsdom (a page at http://localhost/), the remotes' lists served by msw as a static host
// would serve the files beside each manifest.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { remoteEntry } from './remoteEntries';

const HOST_VERSION = '2.9.2+rspack.2.2.9';
const summaryList = {
  version: 1,
  entry: ['remoteEntry.composed.js'],
  critical: ['__federation_expose_PortfolioSummary.0b41a4f7.js', 'summary.3a1c.css'],
  consumes: ['react'],
  provides: {},
  federated: true,
  runtimeVersion: HOST_VERSION,
};
let list: Record<string, unknown> | null = summaryList;
let listsRead = 0;
const server = setupServer(
  http.get('https://cdn.example/summary/first-paint.json', () => {
    listsRead += 1;
    return list === null ? new HttpResponse(null, { status: 404 }) : HttpResponse.json(list);
  }),
  http.get('http://localhost/remotes/summary/first-paint.json', () => HttpResponse.json(list)),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  list = summaryList;
  document.head.replaceChildren();
});

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [
    link.href,
    link.as,
    link.crossOrigin,
  ]);

describe('the entry of a remote the page was not told the entry of', () => {
  it('is its remoteEntry.composed.js when its build has the host’s federation version, with its widget preloaded', async () => {
    const entry = await remoteEntry('https://cdn.example/summary/mf-manifest.json', HOST_VERSION);

    expect(entry).toBe('https://cdn.example/summary/remoteEntry.composed.js');
    // Scripts only, as the runtime's own script tags will ask for them (no crossorigin).
    expect(preloads()).toEqual([
      ['https://cdn.example/summary/remoteEntry.composed.js', 'script', null],
      [
        'https://cdn.example/summary/__federation_expose_PortfolioSummary.0b41a4f7.js',
        'script',
        null,
      ],
    ]);
  });

  it('is its self-contained entry when its build has another federation version', async () => {
    list = { ...summaryList, runtimeVersion: '2.9.3+rspack.2.3.0' };
    const entry = await remoteEntry('https://cdn.example/summary/mf-manifest.json', HOST_VERSION);

    expect(entry).toBe('https://cdn.example/summary/remoteEntry.js');
    expect(preloads()).toEqual([]);
  });

  it('is its self-contained entry on a host built without the first-paint speed plugin', async () => {
    // Such a host lends no federation runtime: it has no version to run composed entries,
    // so it does not ask for the list (a build without the plugin has none: a 404).
    const read = listsRead;
    const entry = await remoteEntry('https://cdn.example/summary/mf-manifest.json', undefined);

    expect(entry).toBe('https://cdn.example/summary/remoteEntry.js');
    expect(listsRead).toBe(read);
    expect(preloads()).toEqual([]);
  });

  it('is its self-contained entry when the list is missing, or names files outside its folder', async () => {
    list = null;
    expect(await remoteEntry('https://cdn.example/summary/mf-manifest.json', HOST_VERSION)).toBe(
      'https://cdn.example/summary/remoteEntry.js',
    );
    list = { ...summaryList, entry: ['https://evil.example/x.js'] };
    expect(await remoteEntry('https://cdn.example/summary/mf-manifest.json', HOST_VERSION)).toBe(
      'https://cdn.example/summary/remoteEntry.js',
    );
    expect(preloads()).toEqual([]);
  });

  it('resolves a manifest path against the page', async () => {
    expect(await remoteEntry('/remotes/summary/mf-manifest.json', HOST_VERSION)).toBe(
      'http://localhost/remotes/summary/remoteEntry.composed.js',
    );
  });
});
