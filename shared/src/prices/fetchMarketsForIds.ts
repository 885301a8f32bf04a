import { takeEarlyMarketAnswer } from '../boot/bootHandoff';
import { marketGet } from '../market/client';
import type { AttemptFailed } from '../market/retryPolicy';
import { coinsOf } from '../market/schemas';
import { getMarketSettings } from '../market/settings';
import type { CoinMarket } from '../market/types';
import { marketsQuery, marketsRequestUrl, priceBatches } from './marketsRequest';

const inRequestedOrder = (ids: readonly string[], answer: unknown): (CoinMarket | null)[] => {
  const byId = new Map(coinsOf(answer).map((coin) => [coin.id, coin]));
  return ids.map((id) => byId.get(id) ?? null);
};

/**
 * Adopted answers the boot script had already received when the sagas asked: merged at
 * once, so the first render shows this visit's prices (see takeEarlyMarketAnswer for the
 * bench figure this protects and its test).
 */
const answersAlreadyIn = new WeakSet<readonly (CoinMarket | null)[]>();

/**
 * Whether a batch's answer is one the boot script had already received when it was asked
 * for: no task waited on the network for it, so it can be merged in the asking task.
 */
export const wasAlreadyIn = (answer: readonly (CoinMarket | null)[]): boolean =>
  answersAlreadyIn.has(answer);

/**
 * The answer the page's boot script got for this very request, if any, checked like any
 * market answer. Recorded for wasAlreadyIn when the boot script had it before the sagas
 * asked. Null when there is none; 'failed' when it failed (the boot request carries the
 * client's timeout, so it never hangs) or is not a list: then the caller asks the market
 * itself.
 */
async function earlyAnswer(
  ids: readonly string[],
): Promise<(CoinMarket | null)[] | 'failed' | null> {
  const early = takeEarlyMarketAnswer(marketsRequestUrl(getMarketSettings().baseUrl, ids));
  if (!early) return null;
  const alreadyIn = early.settled;
  const answer: unknown = await early.answer.catch(() => null);
  if (!Array.isArray(answer)) return 'failed';
  const coins = inRequestedOrder(ids, answer);
  if (alreadyIn) answersAlreadyIn.add(coins);
  return coins;
}

/**
 * Market data for one batch of at most 250 ids, in the requested order, null when missing.
 * `onAttemptFailed` hears of each failed attempt that will be retried (the boot script's
 * request is the first attempt, when there was one).
 */
export async function fetchMarketsBatch(
  ids: readonly string[],
  signal?: AbortSignal,
  onAttemptFailed?: AttemptFailed,
): Promise<(CoinMarket | null)[]> {
  const adopted = await earlyAnswer(ids);
  if (adopted === 'failed') onAttemptFailed?.(null);
  else if (adopted) return adopted;
  const answer = await marketGet(['coins', 'markets'], marketsQuery(ids), signal, onAttemptFailed);
  return inRequestedOrder(ids, answer);
}

/** Market data for any number of ids: batches of 250 fetched concurrently, requested order. */
export async function fetchMarketsForIds(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<(CoinMarket | null)[]> {
  const results = await Promise.all(
    priceBatches(ids).map((batch) => fetchMarketsBatch(batch, signal)),
  );
  return results.flat();
}
