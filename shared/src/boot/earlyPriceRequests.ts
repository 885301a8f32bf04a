import { MARKET_TIMEOUT_MS, marketHeaders, type MarketSettings } from '../config';
import type { EarlyMarketRequest } from './bootHandoff';
import { answerHeadersOf } from '../market/answerHeaders';
import { hasSeedCookie, readSavedText } from '../persistence/browserStorage';
import { savedIdsOf } from '../persistence/savedIds';
import { PARALLEL_BATCHES, marketsRequestUrl, priceBatches } from '../prices/marketsRequest';
import { SAMPLE_COIN_IDS } from '../samples/sampleIds';

/**
 * The ids the store will watch at start (docs/product.md#states-and-transitions: the saved list, else the five
 * samples on a first visit), read without the store's door. A wrong guess costs only a
 * request nobody adopts: the sagas ask for what the store really watches.
 */
export function idsWatchedAtStart(): string[] {
  const text = readSavedText();
  if (typeof text !== 'string') return hasSeedCookie() ? [] : [...SAMPLE_COIN_IDS];
  try {
    const saved: unknown = JSON.parse(text);
    const ids = typeof saved === 'object' && saved !== null && 'ids' in saved ? saved.ids : null;
    return Array.isArray(ids) ? savedIdsOf(ids) : [];
  } catch {
    return []; // the store's loader reports it
  }
}

/**
 * Sends the first group of price requests for the watched ids (the same batches and URLs
 * as the sagas' first fetch) into `answers`, by URL: each an answer's JSON, unchecked, or
 * a rejection (an error status, no connection, the 60 s timeout) the adopting saga treats
 * as no answer, whether it has come back yet, and the headers that date it.
 */
export function startEarlyPriceRequests(
  settings: MarketSettings,
  answers: Map<string, EarlyMarketRequest>,
): void {
  for (const batch of priceBatches(idsWatchedAtStart()).slice(0, PARALLEL_BATCHES)) {
    const url = marketsRequestUrl(settings.baseUrl, batch);
    const request: EarlyMarketRequest = {
      // The client's timeout too: the sagas wait for this answer before asking themselves.
      answer: fetch(url, {
        headers: marketHeaders(settings),
        signal: AbortSignal.timeout(MARKET_TIMEOUT_MS),
      }).then((response) => {
        request.headers = answerHeadersOf(response.headers);
        return response.ok ? response.json() : Promise.reject(new Error(`${response.status}`));
      }),
      settled: false,
    };
    // Marks it come back either way; a failure is the sagas' to report, when they ask again.
    const settle = () => {
      request.settled = true;
    };
    request.answer.then(settle, settle);
    answers.set(url, request);
  }
}
