import {
  InvalidRequestError,
  logMarketError,
  marketGet,
  searchResponseOf,
  type SearchResponse,
} from '@token-portfolio/shared';

/** GET /search for a trimmed query; a blank one is refused before any request. */
export async function searchCoins(query: string, signal?: AbortSignal): Promise<SearchResponse> {
  const trimmed = query.trim();
  if (!trimmed) {
    const error = new InvalidRequestError('Search query is required');
    logMarketError(error);
    throw error;
  }
  return searchResponseOf(await marketGet(['search'], { query: trimmed }, signal));
}
