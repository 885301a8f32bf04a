// The one rule for which image addresses from the API (or storage) may become an <img> src.

/** Base for resolving a relative address: it takes the page's scheme, so it stays http(s). */
const RELATIVE_BASE = 'https://relative.invalid/';

/**
 * The address when it is safe to load as an image: http:, https: (also relative to the
 * page) or a data:image/ URL, as the seeded sample coins store. Anything else (other
 * schemes such as javascript:, non-image data: URLs, blanks, non-strings) is null.
 */
export function safeImageUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, RELATIVE_BASE);
  } catch {
    return null;
  }
  const { protocol, pathname } = parsed;
  if (protocol === 'https:' || protocol === 'http:') return trimmed;
  if (protocol === 'data:' && pathname.toLowerCase().startsWith('image/')) return trimmed;
  return null;
}
