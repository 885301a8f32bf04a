import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  FIRST_PAINT_FILE,
  composedEntry,
  type FirstPaintList,
} from '@token-portfolio/shared/first-paint-list';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@token-portfolio/shared/boot';
import type { RuntimeConfig } from '@token-portfolio/shared/config';
import { FIRST_PAINT_REMOTES, type RemoteName } from '@token-portfolio/shared/remotes';
import type { DistFolders } from '../distFolders';
import { FirstPaintLists, type ListSource } from './firstPaintLists';

export interface PreloadHint {
  href: string;
  /** How the page will fetch it: a script tag, a stylesheet, or fetch() (first-paint lists). */
  as: 'script' | 'style' | 'fetch';
}

interface Build {
  /** The folder URL the build's files are under, as the page will ask for them. */
  base: string;
  list: FirstPaintList;
}

const kindOf = (file: string): PreloadHint['as'] => (file.endsWith('.css') ? 'style' : 'script');

interface PageRemote {
  manifestUrl: string;
  build: Build | null;
  /** The remote's entry when the page loads it without its manifest (directEntry). */
  entryUrl: string | null;
}

/**
 * A remote's composed entry, for the page to load without its manifest: only when its
 * build has the host's federation version, the version rule decided here from the two
 * first-paint lists (docs/architecture.md#the-version-rule); otherwise the page reads the remote's
 * list itself and may load its public remoteEntry.js.
 */
function directEntry(host: FirstPaintList, remote: Build | null): string | null {
  const entry = remote && composedEntry(remote.list, host.runtimeVersion);
  return entry ? remote.base + entry : null;
}

/**
 * Every file the first paint needs, in the order the page needs them: the host's entry
 * first (or it queues behind the rest), the remotes' lists the page still reads, then the
 * host's bootstrap and shared packages, then each remote's entry, widget and the shared
 * packages it takes: the host's copy when the host provides one (it registers first, so
 * the page uses it), else the remote's own. Each URL once.
 */
export function preloadHints(host: Build, remotes: PageRemote[]): PreloadHint[] {
  const hints = new Map<string, PreloadHint>();
  const add = (base: string, files: readonly string[], as?: PreloadHint['as']) => {
    for (const file of files) {
      const href = base + file;
      if (!hints.has(href)) hints.set(href, { href, as: as ?? kindOf(file) });
    }
  };
  const sharedFiles = (build: Build, names: readonly string[]) => {
    for (const name of names) {
      const provider = host.list.provides[name] ? host : build;
      add(provider.base, provider.list.provides[name] ?? []);
    }
  };
  add(host.base, host.list.entry);
  for (const { manifestUrl, entryUrl } of remotes) {
    if (!entryUrl) add(folderOf(manifestUrl), [FIRST_PAINT_FILE], 'fetch');
  }
  add(host.base, host.list.critical);
  sharedFiles(host, host.list.consumes);
  // A remote the page reads the list of loads its self-contained entry, whose files this
  // list does not name: nothing of it is hinted.
  for (const { build, entryUrl } of remotes) {
    if (!build || !entryUrl) continue;
    add(build.base, build.list.entry);
    add(build.base, build.list.critical);
    sharedFiles(build, build.list.consumes);
  }
  return [...hints.values()];
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Lists are fetched (CORS mode): their preload must say so, or it is not reused. */
export function preloadTag({ href, as }: PreloadHint): string {
  const crossorigin = as === 'fetch' ? ' crossorigin' : '';
  return `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${crossorigin}>`;
}

/** The runtime config as a JSON data block: never executed; '<' escaped so it cannot end it. */
export function runtimeConfigBlock(config: RuntimeConfig): string {
  const json = JSON.stringify(config)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}

const isAbsoluteUrl = (url: string) => /^[a-z][a-z\d+.-]*:/i.test(url);

/** The folder of a manifest URL as the page (at /) will ask for it: a path stays a path. */
function folderOf(manifestUrl: string): string {
  return isAbsoluteUrl(manifestUrl)
    ? new URL('.', manifestUrl).href
    : new URL('.', new URL(manifestUrl, 'http://page.invalid/')).pathname;
}

/** A config URL this server serves itself, `/remotes/<name>/…`: read from that remote's dist. */
function listSource(name: RemoteName, manifestUrl: string, dists: DistFolders): ListSource | null {
  if (isAbsoluteUrl(manifestUrl)) return { url: manifestUrl };
  const ownPrefix = `/remotes/${name}/`;
  return manifestUrl.startsWith(ownPrefix) ? { folder: dists[name] } : null;
}

/**
 * The host's index.html as the composed server sends it for `/`: the runtime config and a
 * preload hint for every file of the first paint inserted before the page's first script
 * (the boot script reads the config block as it runs).
 */
export class ComposedPage {
  readonly #lists = new FirstPaintLists();
  #template: { mtimeMs: number; html: string } | null = null;

  constructor(
    private readonly runtime: RuntimeConfig,
    private readonly dists: DistFolders,
  ) {}

  /** The page, or null when the host has no build (the static handler's 404 then). */
  async render(): Promise<string | null> {
    const html = await this.#hostPage();
    if (html === null) return null;
    const { hints, entries } = await this.firstPaint();
    const config = Object.keys(entries).length ? { ...this.runtime, entries } : this.runtime;
    const head = [...hints.map(preloadTag), runtimeConfigBlock(config)].join('');
    const firstScript = html.indexOf('<script');
    return firstScript < 0 ? html : html.slice(0, firstScript) + head + html.slice(firstScript);
  }

  /**
   * What the page's first paint loads beyond the host page's own scripts, read from the
   * builds' lists: a preload hint for each file, and the remote entries the page may load
   * without their lists. Nothing without a host list (a build without the first-paint
   * speed plugin): the page then reads every remote's list itself.
   */
  async firstPaint(): Promise<{ hints: PreloadHint[]; entries: Record<string, string> }> {
    const hostList = await this.#lists.get({ folder: this.dists.host });
    // A host built without federation (the benchmark's single bundle) loads no remote.
    const remoteNames = hostList?.federated ? FIRST_PAINT_REMOTES : [];
    const remotes = await Promise.all(
      remoteNames.map(async (name) => {
        const manifestUrl = this.runtime.remotes[name];
        const source = listSource(name, manifestUrl, this.dists);
        const list = source ? await this.#lists.get(source) : null;
        const build = list && { base: folderOf(manifestUrl), list };
        return { name, manifestUrl, build, entryUrl: hostList && directEntry(hostList, build) };
      }),
    );
    return {
      hints: hostList ? preloadHints({ base: '/', list: hostList }, remotes) : [],
      entries: Object.fromEntries(
        remotes.flatMap(({ name, entryUrl }) => (entryUrl ? [[name, entryUrl]] : [])),
      ),
    };
  }

  async #hostPage(): Promise<string | null> {
    const file = path.join(this.dists.host, 'index.html');
    const mtimeMs = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return null;
    if (this.#template?.mtimeMs !== mtimeMs) {
      this.#template = { mtimeMs, html: await readFile(file, 'utf8') };
    }
    return this.#template.html;
  }
}
