import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FIRST_PAINT_FILE,
  firstPaintListOf,
  type FirstPaintList,
} from '@token-portfolio/shared/first-paint-list';

/** Another origin's list must answer within this, or the page goes out without its hints. */
export const REMOTE_LIST_TIMEOUT_MS = 300;
/** How long a list is reused: a redeployed remote is followed within this, with no restart. */
export const LIST_CACHE_MS = 5_000;

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
