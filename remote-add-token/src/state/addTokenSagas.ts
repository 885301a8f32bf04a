import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import {
  all,
  call,
  cancelled,
  debounce,
  put,
  race,
  select,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { addTokenClosed, type CoinMarket, type PageResult } from '@token-portfolio/shared';
import type { SearchResponse } from '@token-portfolio/shared';
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
import { sharedMarket, type AddTokenMarket } from './market';

/** The search debounce (SPEC section 9). */
export const SEARCH_DEBOUNCE_MS = 600;

/** What makes the current list obsolete: anything in flight for it is cancelled. */
const LIST_RESET = [dialogOpened.type, queryChanged.type, addTokenClosed.type];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs a market call that is aborted when the saga running it is cancelled. */
function* abortable<T>(request: (signal: AbortSignal) => Promise<T>): SagaIterator<T> {
  const controller = new AbortController();
  try {
    return (yield call(request, controller.signal)) as T;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

// Workers

function* loadTrendingPage(market: AddTokenMarket, page: number): SagaIterator {
  yield put(trendingPageStarted());
  try {
    const result = (yield call(abortable, (signal: AbortSignal) =>
      market.fetchTrendingPage(page, signal),
    )) as PageResult<CoinMarket>;
    yield put(
      trendingPageLoaded({ page, coins: result.data, hasNextPage: result.pagination.hasNextPage }),
    );
  } catch (error) {
    yield put(loadFailed(messageOf(error)));
  }
}

function* loadSearch(market: AddTokenMarket, query: string): SagaIterator {
  try {
    const response = (yield call(abortable, (signal: AbortSignal) =>
      market.searchCoins(query, signal),
    )) as SearchResponse;
    yield put(searchLoaded(response.coins));
  } catch (error) {
    yield put(loadFailed(messageOf(error)));
  }
}

/** The first page of the current mode: on open and on every query change. */
function* loadList(market: AddTokenMarket, action: PayloadAction<unknown>): SagaIterator {
  if (addTokenClosed.match(action)) return;
  const { mode, query } = (yield select(selectAddToken)) as ReturnType<typeof selectAddToken>;
  if (mode === 'search') yield call(loadSearch, market, query);
  else yield call(loadTrendingPage, market, 1);
}

function* loadNextTrendingPage(market: AddTokenMarket): SagaIterator {
  const { mode, status, trending } = (yield select(selectAddToken)) as ReturnType<
    typeof selectAddToken
  >;
  if (mode !== 'trending' || status !== 'ready' || !trending.hasNextPage) return;
  // A query typed meanwhile wins: the page in flight is dropped.
  yield race({
    page: call(loadTrendingPage, market, trending.page + 1),
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

function* watchList(market: AddTokenMarket): SagaIterator {
  // takeLatest: a newer query cancels the request of an older one.
  yield takeLatest(LIST_RESET, loadList, market);
}

function* watchTrendingPages(market: AddTokenMarket): SagaIterator {
  yield takeLeading(trendingPageRequested.type, loadNextTrendingPage, market);
}

// Root

export function createAddTokenSaga(market: AddTokenMarket = sharedMarket) {
  return function* addTokenSaga(): SagaIterator {
    yield all([call(watchQuery), call(watchList, market), call(watchTrendingPages, market)]);
  };
}

export const addTokenSaga = createAddTokenSaga();
