import { takeEarlyMarketAnswer } from '../boot/bootHandoff';
import { marketGetAnswer } from '../market/client';
import type { AttemptFailed } from '../market/retryPolicy';
import { answerAgeOf, datedCoinsOf, type AnswerAge } from '../market/schemas';
import { getMarketSettings } from '../market/settings';
import type { CoinMarket } from '../market/types';
import { marketsQuery, marketsRequestUrl, priceBatches } from './marketsRequest';

/** One batch's prices as the market answered them. */
export interface PriceAnswer {
  /**
   * In the requested order, null for an id the market does not know; each coin's
   * last_updated is the answer's data time (docs/product.md#last-updated).
   */
  coins: (CoinMarket | null)[];
  /** The gateway answered with its last known data: the market could not be asked. */
  stale: boolean;
}

/** A markets answer through the door: its coins dated and in the requested order. */
function priceAnswerOf(ids: readonly string[], answer: unknown, age: AnswerAge): PriceAnswer {
  const byId = new Map(datedCoinsOf(answer, age.dataTime).map((coin) => [coin.id, coin]));
  return { coins: ids.map((id) => byId.get(id) ?? null), stale: age.stale };
}

/**
 * Adopted answers the boot script had already received when the sagas asked: merged at
 * once, so the first render shows this visit's prices (see takeEarlyMarketAnswer for the
 * bench figure this protects and its test).
 */
const answersAlreadyIn = new WeakSet<PriceAnswer>();

/**
 * Whether a batch's answer is one the boot script had already received when it was asked
 * for: no task waited on the network for it, so it can be merged in the asking task.
 */
export const wasAlreadyIn = (answer: PriceAnswer): boolean => answersAlreadyIn.has(answer);

/**
 * The answer the page's boot script got for this very request, if any, checked like any
 * market answer. Recorded for wasAlreadyIn when the boot script had it before the sagas
 * asked. Null when there is none; 'failed' when it failed (the boot request carries the
 * client's timeout, so it never hangs) or is not a list: then the caller asks the market
 * itself.
 */
async function earlyAnswer(ids: readonly string[]): Promise<PriceAnswer | 'failed' | null> {
  const early = takeEarlyMarketAnswer(marketsRequestUrl(getMarketSettings().baseUrl, ids));
  if (!early) return null;
  const alreadyIn = early.settled;
  const answer: unknown = await early.answer.catch(() => null);
  if (!Array.isArray(answer)) return 'failed';
  // It arrived by now: an answer without a usable date is dated now, like every other.
  const prices = priceAnswerOf(ids, answer, answerAgeOf(early.headers, Date.now()));
  if (alreadyIn) answersAlreadyIn.add(prices);
  return prices;
}

/**
 * Market data for one batch of at most 250 ids. `onAttemptFailed` hears of each failed
 * attempt that will be retried (the boot script's request is the first attempt, when
 * there was one).
 */
export async function fetchMarketsBatch(
  ids: readonly string[],
  signal?: AbortSignal,
  onAttemptFailed?: AttemptFailed,
): Promise<PriceAnswer> {
  const adopted = await earlyAnswer(ids);
  if (adopted === 'failed') onAttemptFailed?.(null);
  else if (adopted) return adopted;
  const { data, headers, arrivedAt } = await marketGetAnswer(
    ['coins', 'markets'],
    marketsQuery(ids),
    signal,
    onAttemptFailed,
  );
  return priceAnswerOf(ids, data, answerAgeOf(headers, arrivedAt));
}

/** Market data for any number of ids: batches of 250 fetched concurrently, requested order. */
export async function fetchMarketsForIds(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<(CoinMarket | null)[]> {
  const answers = await Promise.all(
    priceBatches(ids).map((batch) => fetchMarketsBatch(batch, signal)),
  );
  return answers.flatMap((answer) => answer.coins);
}
