import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export type ContentEncoding = 'br' | 'gzip';

/** Bodies below this are sent as they are (compressing them saves next to nothing). */
export const COMPRESS_FROM_BYTES = 1024;

/** Brotli at quality 5 for answers made by the server: near gzip -9's size at a fraction of q11's time. */
export const FAST_BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

const compressors: Record<ContentEncoding, (text: string) => Promise<Buffer>> = {
  br: (text) => promisify(brotliCompress)(text, FAST_BROTLI),
  gzip: (text) => promisify(gzip)(text),
};

/** br when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = new Map<string, number>();
  for (const item of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const takes = (encoding: ContentEncoding) =>
    (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
}

/**
 * Each answer compressed once per encoding, shared by every visitor who asks for it: a
 * thousand visitors at once for one cached answer share one compression (the first starts
 * it, the others wait for it) and one buffer, instead of a compressor and a copy each.
 * Answers are named by a key that changes whenever their bytes do; least recently used go
 * first above `maxBytes`.
 */
export class CompressedAnswers {
  readonly #cache: LRUCache<string, Buffer, { text: string; encoding: ContentEncoding }>;

  constructor(maxBytes: number) {
    this.#cache = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
      fetchMethod: (_key, _stale, { context }) => compressors[context.encoding](context.text),
    });
  }

  async bytes(key: string, text: string, encoding: ContentEncoding): Promise<Buffer> {
    const bytes = await this.#cache.fetch(`${encoding}:${key}`, { context: { text, encoding } });
    // Larger than the whole cache: compressed for this request alone.
    return bytes ?? compressors[encoding](text);
  }
}
