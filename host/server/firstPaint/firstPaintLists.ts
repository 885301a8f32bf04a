import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FIRST_PAINT_FILE, type FirstPaintList } from '@token-portfolio/shared/build/first-paint';

/** Another origin's list must answer within this, or the page goes out without its hints. */
export const REMOTE_LIST_TIMEOUT_MS = 300;
/** How long a list is reused: a redeployed remote is followed within this, with no restart. */
export const LIST_CACHE_MS = 5_000;

/** A file name of a build, relative to its folder: nothing that could leave it or the tag. */
const BUILD_FILE = /^[\w-]+(?:\.[\w-]+)*\.(?:js|css)$/;

/**
 * A version as semver writes it, with a pre-release and build part (a build's federation
 * version, `2.9.2+rspack.2.2.9`): it may reach the page's config.
 */
const RUNTIME_VERSION = /^\d+\.\d+\.\d+(?:-[\w.-]+)?(?:\+[\w.-]+)?$/;

const isFileList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((file) => typeof file === 'string' && BUILD_FILE.test(file));

/**
 * A first-paint list read from a build (ours or another origin's: untrusted), or null when
 * it is not one. Only file names of the build pass, so nothing else can reach the page.
 */
export function firstPaintListOf(value: unknown): FirstPaintList | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, entry, critical, consumes, provides, federated, runtimeVersion } =
    value as Record<string, unknown>;
  if (version !== 1 || !isFileList(entry) || !isFileList(critical)) return null;
  if (!Array.isArray(consumes) || !consumes.every((name) => typeof name === 'string')) return null;
  if (typeof provides !== 'object' || provides === null) return null;
  const providers = Object.entries(provides).filter((entry): entry is [string, string[]] =>
    isFileList(entry[1]),
  );
  return {
    version,
    entry,
    critical,
    consumes,
    provides: Object.fromEntries(providers),
    // Lists written before the field existed came from federated builds.
    federated: federated !== false,
    ...(typeof runtimeVersion === 'string' && RUNTIME_VERSION.test(runtimeVersion)
      ? { runtimeVersion }
      : {}),
  };
}

/** Where a list comes from: a folder this server serves, or another origin's URL. */
export type ListSource = { folder: string } | { url: string };

/**
 * Reads first-paint lists, each kept for LIST_CACHE_MS. A list at another origin that
 * does not answer within REMOTE_LIST_TIMEOUT_MS, or is not a list, counts as none.
 */
export class FirstPaintLists {
  readonly #cache = new Map<string, { at: number; list: Promise<FirstPaintList | null> }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(source: ListSource): Promise<FirstPaintList | null> {
    const key = 'folder' in source ? `file:${source.folder}` : source.url;
    const cached = this.#cache.get(key);
    if (cached && this.now() - cached.at < LIST_CACHE_MS) return cached.list;
    const list = this.#read(source).catch(() => null);
    this.#cache.set(key, { at: this.now(), list });
    return list;
  }

  async #read(source: ListSource): Promise<FirstPaintList | null> {
    if ('folder' in source) {
      const text = await readFile(path.join(source.folder, FIRST_PAINT_FILE), 'utf8');
      return firstPaintListOf(JSON.parse(text));
    }
    const response = await fetch(new URL(FIRST_PAINT_FILE, source.url), {
      signal: AbortSignal.timeout(REMOTE_LIST_TIMEOUT_MS),
      redirect: 'error',
    });
    return response.ok ? firstPaintListOf(await response.json()) : null;
  }
}
