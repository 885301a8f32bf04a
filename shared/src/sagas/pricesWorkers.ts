import { all, call, put, select } from 'redux-saga/effects';
import { fetchMarketsBatch, priceBatches } from '../market/fetchMarketsForIds';
import { CACHE_TIMES, marketCache, type CachedAnswer } from '../market/requestCache';
import type { CoinMarket } from '../market/types';
import {
  watchedPricesFailed,
  watchedPricesReceived,
  watchedPricesRequested,
} from '../market/marketSlice';
import { selectWatchedIds } from '../wishlist/selectors';
import { setCoinsData } from '../wishlist/wishlistSlice';

type BatchOutcome = { coins: (CoinMarket | null)[]; sent: boolean } | { error: string };

/** One batch through the cache: fresh answers and identical requests in flight are reused. */
export function* fetchPriceBatch(ids: string[]) {
  try {
    const answer: CachedAnswer<(CoinMarket | null)[]> = yield call(
      [marketCache, marketCache.fetch],
      `coins/markets?ids=${ids.join(',')}`,
      () => fetchMarketsBatch(ids),
      CACHE_TIMES.watchedPrices,
    );
    return { coins: answer.data, sent: !answer.fromCache } satisfies BatchOutcome;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) } satisfies BatchOutcome;
  }
}

/**
 * Fetches the watched tokens' prices, batches of 250 at once, and merges what arrived.
 * A failed batch keeps the last data and records the error; the next refresh tries again.
 */
export function* fetchWatchedPrices() {
  const ids: string[] = yield select(selectWatchedIds);
  if (ids.length === 0) return;
  yield put(watchedPricesRequested());
  const outcomes: BatchOutcome[] = yield all(
    priceBatches(ids).map((batch) => call(fetchPriceBatch, batch)),
  );
  // Ids removed while the request was out must not come back with its answer.
  const stillWatched = new Set<string>(yield select(selectWatchedIds));
  const coins = outcomes.flatMap((outcome) =>
    'coins' in outcome && outcome.sent
      ? outcome.coins.filter((coin): coin is CoinMarket => !!coin && stillWatched.has(coin.id))
      : [],
  );
  if (coins.length > 0) yield put(setCoinsData(coins));
  const failure = outcomes.find((outcome) => 'error' in outcome);
  yield put(
    failure && 'error' in failure ? watchedPricesFailed(failure.error) : watchedPricesReceived(),
  );
}
