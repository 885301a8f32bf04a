// The markets request for a batch of watched ids, in one place for the price sagas and the
// host's boot script (which sends the first one before the sagas exist). No dependencies:
// the boot script is inlined in the page and must stay small.

/** docs/product.md#numbers-and-limits: the most ids one coins/markets request may ask for. */
export const PRICE_BATCH_SIZE = 250;

/** Batches in flight at once: a long list is paced, never hundreds of requests together. */
export const PARALLEL_BATCHES = 4;

/** The ids in batches of 250. */
export function priceBatches(ids: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += PRICE_BATCH_SIZE) {
    batches.push(ids.slice(i, i + PRICE_BATCH_SIZE));
  }
  return batches;
}

/** The coins/markets query for one batch (prices, 24h change, 7-day sparkline). */
export function marketsQuery(ids: readonly string[]): Record<string, string | number | boolean> {
  return {
    vs_currency: 'usd',
    ids: ids.join(','),
    per_page: ids.length,
    page: 1,
    sparkline: true,
    price_change_percentage: '24h',
  };
}

/** The absolute URL of one batch's request: what the boot script sends and the sagas look up. */
export function marketsRequestUrl(baseUrl: string, ids: readonly string[]): string {
  const base = new URL(baseUrl, globalThis.document?.baseURI).href.replace(/\/?$/, '/');
  const url = new URL('coins/markets', base);
  for (const [name, value] of Object.entries(marketsQuery(ids))) {
    url.searchParams.set(name, String(value));
  }
  return url.href;
}
