import {
  addTokenClosed,
  all,
  call,
  debounce,
  put,
  race,
  select,
  take,
  takeLatest,
  takeLeading,
  type CoinMarket,
  type PayloadAction,
  type SagaIterator,
  type SearchResponse,
} from '@token-portfolio/shared';
import {
  dialogOpened,
  loadFailed,
  queryChanged,
  queryTyped,
  searchLoaded,
  trendingPageLoaded,
  trendingPageRequested,
  trendingPageStarted,
  type AddTokenRootState,
} from './addTokenSlice';
import { selectAddToken } from './selectors';
import { cachedSearch, cachedTrendingPage } from './market';
import type { PageResult } from './fetchTrendingPage';

/** The search debounce (docs/product.md#numbers-and-limits). */
export const SEARCH_DEBOUNCE_MS = 600;

/**
 * What makes the current list obsolete: the saga loading it is cancelled and its answer
 * dropped. The request itself completes into the cache (aborting would log an error).
 */
const LIST_RESET = [dialogOpened.type, queryChanged.type, addTokenClosed.type];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Workers

function* loadTrendingPage(page: number): SagaIterator {
  yield put(trendingPageStarted());
  try {
    // Answers come through the market door (shared/src/market/schemas.ts): checked there.
    const answer: PageResult<CoinMarket> = yield call(cachedTrendingPage, page);
    const { hasNextPage } = answer.pagination;
    yield put(trendingPageLoaded({ page, coins: answer.data, hasNextPage }));
  } catch (error) {
    yield put(loadFailed(messageOf(error)));
  }
}

function* loadSearch(query: string): SagaIterator {
  try {
    const answer: SearchResponse = yield call(cachedSearch, query);
    yield put(searchLoaded(answer.coins));
  } catch (error) {
    yield put(loadFailed(messageOf(error)));
  }
}

/** The first page of the current mode: on open and on every query change. */
function* loadList(action: PayloadAction<unknown>): SagaIterator {
  if (addTokenClosed.match(action)) return;
  const { mode, query } = (yield select(selectAddToken)) as ReturnType<typeof selectAddToken>;
  if (mode === 'search') yield call(loadSearch, query);
  else yield call(loadTrendingPage, 1);
}

function* loadNextTrendingPage(): SagaIterator {
  const { mode, status, trending } = (yield select(selectAddToken)) as ReturnType<
    typeof selectAddToken
  >;
  if (mode !== 'trending' || status !== 'ready' || !trending.hasNextPage) return;
  // A query typed meanwhile wins: the page in flight is dropped.
  yield race({
    page: call(loadTrendingPage, trending.page + 1),
    reset: take(LIST_RESET),
  });
}

/** The debounced query, trimmed: only a different one (and only while open) changes the list. */
function* commitQuery(action: PayloadAction<string>): SagaIterator {
  const state = (yield select()) as AddTokenRootState;
  const query = action.payload.trim();
  if (!state.ui.addTokenOpen || query === selectAddToken(state).query) return;
  yield put(queryChanged(query));
}

// Watchers

function* watchQuery(): SagaIterator {
  yield debounce(SEARCH_DEBOUNCE_MS, queryTyped.type, commitQuery);
}

function* watchList(): SagaIterator {
  // takeLatest: a newer query cancels the request of an older one.
  yield takeLatest(LIST_RESET, loadList);
}

function* watchTrendingPages(): SagaIterator {
  yield takeLeading(trendingPageRequested.type, loadNextTrendingPage);
}

// Root

export function* addTokenSaga(): SagaIterator {
  yield all([call(watchQuery), call(watchList), call(watchTrendingPages)]);
}
