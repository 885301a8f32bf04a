import {
  FIRST_PAINT_FILE,
  composedEntry,
  firstPaintListOf,
  type FirstPaintList,
} from '@token-portfolio/shared/first-paint-list';
import { PUBLIC_ENTRY } from '@token-portfolio/shared/remotes';

/** A script preload that the runtime's own script tag (no crossorigin) uses. */
function preloadScript(url: string): void {
  const hinted = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
  if (hinted.some((link) => link.href === url)) return; // a Retry reads the list again
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = url;
  document.head.append(link);
}

/** A list that does not come by then counts as none: the slot must not wait forever. */
const LIST_TIMEOUT_MS = 10_000;

async function readList(url: URL): Promise<FirstPaintList | null> {
  // As the server's preload hint asks for it (composedPage.ts), so that the hint is used.
  const response = await fetch(url, { signal: AbortSignal.timeout(LIST_TIMEOUT_MS) });
  return response.ok ? firstPaintListOf(await response.json()) : null;
}

/**
 * The container entry of a remote the page was not told the entry of (a static
 * deployment's /config.json, the dev server, the Add Token modal, a Retry), by the version
 * rule (docs/architecture.md#the-version-rule) applied to the first-paint list beside its manifest, as the
 * composed server applies it: its remoteEntry.js runs on the host's federation code, so
 * only a build of the host's federation version uses it, and its widget's chunks are
 * preloaded to come with it; anything else (another version, no list, a host without a
 * version) runs on its self-contained entry. The federation runtime could read the manifest itself, but its
 * manifest code is 1.7 KB (gzip) of the host's main.js, on the critical path of every
 * composed page, which reads no manifest (docs/architecture.md#the-composed-page-step-by-step).
 */
export async function remoteEntry(
  manifestUrl: string,
  hostVersion: string | undefined,
): Promise<string> {
  const folder = new URL('.', new URL(manifestUrl, document.baseURI));
  // A host built without the first-paint speed plugin runs no composed entry: no list to read.
  if (hostVersion === undefined) return new URL(PUBLIC_ENTRY, folder).href;
  const list = await readList(new URL(FIRST_PAINT_FILE, folder)).catch(() => null);
  const entry = list && composedEntry(list, hostVersion);
  if (!list || !entry) return new URL(PUBLIC_ENTRY, folder).href;
  const files = [entry, ...list.critical.filter((file) => file.endsWith('.js'))];
  for (const file of files) preloadScript(new URL(file, folder).href);
  return new URL(entry, folder).href;
}
