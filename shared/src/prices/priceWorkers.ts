import { channel, type Channel } from 'redux-saga';
import { all, call, cancel, delay, fork, put, select, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { CACHE_TIMES, marketCache, type CachedAnswer } from '../market/requestCache';
import type { CoinMarket } from '../market/types';
import { selectWishlist } from '../wishlist/selectors';
import { dataTimeOf, isLoadedCoin, type WishlistState } from '../wishlist/wishlistSlice';
import {
  pricesAttemptFailed,
  pricesFetchEnded,
  pricesFetchStarted,
  pricesReceived,
} from './events';
import { fetchMarketsBatch, wasAlreadyIn, type PriceAnswer } from './fetchMarketsForIds';
import { PARALLEL_BATCHES, priceBatches } from './marketsRequest';

type BatchOutcome = { ids: string[]; answer: CachedAnswer<PriceAnswer> } | { error: string };

/** A failed attempt that will be retried, with its message when known. */
interface AttemptFailure {
  error: string | null;
}

/**
 * One batch through the cache: fresh answers and identical requests in flight are reused.
 * Failed attempts that will be retried are put in `attempts` as they fail.
 */
export function* fetchPriceBatch(ids: string[], attempts?: Channel<AttemptFailure>) {
  try {
    const onAttemptFailed = (error: string | null) => attempts?.put({ error });
    const answer: CachedAnswer<PriceAnswer> = yield call(
      [marketCache, marketCache.fetch],
      `coins/markets?ids=${ids.join(',')}`,
      () => fetchMarketsBatch(ids, undefined, onAttemptFailed),
      CACHE_TIMES.watchedPrices,
    );
    return { ids, answer } satisfies BatchOutcome;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) } satisfies BatchOutcome;
  }
}

/**
 * What of a batch's answer to merge: the coins of ids still watched (an id removed while
 * the request was out must not come back). An answer this call did not send (fresh in the
 * cache, or another call's in flight) was merged by its sender, unless the coin is not in
 * the wishlist yet: an id removed and added again meanwhile still gets its price. A stale
 * answer's coin never replaces newer data the page holds (another server's, another tab's):
 * the newer market data wins, as between tabs (docs/product.md#last-updated).
 */
function toMerge(outcome: BatchOutcome, wishlist: WishlistState) {
  if ('error' in outcome) return { coins: [], missingIds: [], staleIds: [] };
  const { data, fromCache } = outcome.answer;
  const watched = (id: string) => Object.hasOwn(wishlist.entities, id);
  const wanted = (coin: CoinMarket) => {
    if (!watched(coin.id)) return false;
    const held = wishlist.entities[coin.id] ?? null;
    if (fromCache && held !== null) return false;
    return !data.stale || !isLoadedCoin(held) || dataTimeOf(held) <= dataTimeOf(coin);
  };
  const coins = data.coins.filter((coin): coin is CoinMarket => !!coin && wanted(coin));
  return {
    coins,
    missingIds: outcome.ids.filter((id, i) => data.coins[i] === null && watched(id)),
    staleIds: data.stale ? coins.map((coin) => coin.id) : [],
  };
}

const isAlreadyIn = (outcome: BatchOutcome) =>
  'answer' in outcome && !outcome.answer.fromCache && wasAlreadyIn(outcome.answer.data);

/** Says at once that an attempt failed and is being retried (beyond the spec, docs/product.md). */
function* reportAttemptFailures(attempts: Channel<AttemptFailure>) {
  while (true) {
    const failure: AttemptFailure = yield take(attempts);
    yield put(pricesAttemptFailed(failure));
  }
}

/**
 * Fetches the prices of these ids in batches of 250, at most PARALLEL_BATCHES at once,
 * and merges each group's coins as it arrives. A failed batch keeps the last data and
 * records the error; the next refresh tries again. A failed attempt that
 * will be retried is said at once (pricesAttemptFailed).
 */
export function* fetchPrices(ids: readonly string[]) {
  if (ids.length === 0) return;
  yield put(pricesFetchStarted());
  const attempts = channel<AttemptFailure>();
  const reporter: Task = yield fork(reportAttemptFailures, attempts);
  try {
    yield call(fetchPriceGroups, ids, attempts);
  } finally {
    yield cancel(reporter);
    attempts.close();
  }
}

/** fetchPrices's batches, group by group; ends with pricesFetchEnded. */
function* fetchPriceGroups(ids: readonly string[], attempts: Channel<AttemptFailure>) {
  const batches = priceBatches(ids);
  let error: string | null = null;
  for (let i = 0; i < batches.length; i += PARALLEL_BATCHES) {
    const group = batches.slice(i, i + PARALLEL_BATCHES);
    const outcomes: BatchOutcome[] = yield all(
      group.map((batch) => call(fetchPriceBatch, batch, attempts)),
    );
    // An answer from the network was read and checked in the task that received it; the
    // merge and the render it causes start a task of their own, so neither adds to that one.
    // Speed: protects 'Longest main-thread task, price update of 1,000 tokens, CPU 4x';
    // priceSagas.test.ts checks the merge comes a task after the answer. Answers the boot
    // script had already received (adopted as the page starts) are merged at once: the
    // page's first render then shows them, instead of rendering the samples and then the
    // prices.
    if (!outcomes.every(isAlreadyIn)) yield delay(0);
    const wishlist: WishlistState = yield select(selectWishlist);
    const merged = outcomes.map((outcome) => toMerge(outcome, wishlist));
    const coins = merged.flatMap((m) => m.coins);
    const missingIds = merged.flatMap((m) => m.missingIds);
    const staleIds = merged.flatMap((m) => m.staleIds);
    if (coins.length > 0 || missingIds.length > 0) {
      yield put(pricesReceived(coins, missingIds, staleIds));
    }
    const failure = outcomes.find((outcome) => 'error' in outcome);
    if (error === null && failure && 'error' in failure) error = failure.error;
  }
  // In the task of the last pricesReceived: the host's portfolio-shown signal counts on one
  // render showing both (host/src/PortfolioShownSignal.tsx).
  yield put(pricesFetchEnded({ error }));
}
