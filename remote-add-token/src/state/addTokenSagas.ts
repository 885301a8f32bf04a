import {
  addTokenClosed,
  all,
  call,
  cancel,
  delay,
  fork,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
  type CoinMarket,
  type SagaIterator,
  type SearchResponse,
  type Task,
} from '@token-portfolio/shared';
import {
  dialogClosed,
  dialogOf,
  dialogOpened,
  loadFailed,
  queryChanged,
  queryTyped,
  searchLoaded,
  trendingPageLoaded,
  trendingPageRequested,
  trendingPageStarted,
  type AddTokenState,
} from './addTokenSlice';
import { selectDialog } from './selectors';
import { cachedSearch, cachedTrendingPage } from './market';
import type { PageResult } from './fetchTrendingPage';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Matches these actions of one dialog (each Add Token widget's dialog has its own sagas). */
const ofDialog =
  (dialog: string, ...creators: { type: string }[]) =>
  (action: { type: string }) =>
    creators.some(({ type }) => type === action.type) && dialogOf(action) === dialog;

// Workers: each works for one dialog, named first.

function* loadTrendingPage(dialog: string, page: number): SagaIterator {
  yield put(trendingPageStarted(dialog));
  try {
    // Answers come through the market door (shared/src/market/schemas.ts): checked there.
    const answer: PageResult<CoinMarket> = yield call(cachedTrendingPage, page);
    const { hasNextPage } = answer.pagination;
    yield put(trendingPageLoaded({ page, coins: answer.data, hasNextPage }, dialog));
  } catch (error) {
    yield put(loadFailed(messageOf(error), dialog));
  }
}

function* loadSearch(dialog: string, query: string): SagaIterator {
  try {
    const answer: SearchResponse = yield call(cachedSearch, query);
    yield put(searchLoaded(answer.coins, dialog));
  } catch (error) {
    yield put(loadFailed(messageOf(error), dialog));
  }
}

/** The first page of the current mode: on open and on every query change. */
function* loadList(dialog: string): SagaIterator {
  const { mode, query } = (yield select(selectDialog, dialog)) as AddTokenState;
  if (mode === 'search') yield call(loadSearch, dialog, query);
  else yield call(loadTrendingPage, dialog, 1);
}

function* loadNextTrendingPage(dialog: string): SagaIterator {
  const { mode, status, trending } = (yield select(selectDialog, dialog)) as AddTokenState;
  if (mode !== 'trending' || status !== 'ready' || !trending.hasNextPage) return;
  // A query typed meanwhile wins: the page in flight is dropped.
  yield race({
    page: call(loadTrendingPage, dialog, trending.page + 1),
    reset: take(ofDialog(dialog, queryChanged)),
  });
}

/**
 * The query once typing pauses for the widget's search delay, trimmed: only a different one
 * changes the list. Started by takeLatest, so the next keystroke cancels the wait: the
 * debounce.
 */
function* commitQuery(dialog: string, action: ReturnType<typeof queryTyped>): SagaIterator {
  const { text, delayMs } = action.payload;
  yield delay(delayMs);
  const query = text.trim();
  const { query: current } = (yield select(selectDialog, dialog)) as AddTokenState;
  if (query !== current) yield put(queryChanged(query, dialog));
}

/** The first list (Trending), dropped when a query comes first. */
function* loadFirstList(dialog: string): SagaIterator {
  yield race({ list: call(loadList, dialog), reset: take(ofDialog(dialog, queryChanged)) });
}

// Watchers

/**
 * One dialog from open to close: its lists, queries and pages. What closes it cancels what
 * it still loads; a request itself completes into the cache (aborting would log an error).
 */
function* watchDialog(opened: ReturnType<typeof dialogOpened>): SagaIterator {
  const { dialog } = opened.meta;
  const tasks: Task[] = yield all([
    fork(loadFirstList, dialog),
    takeLatest(ofDialog(dialog, queryTyped), commitQuery, dialog),
    // takeLatest: a newer query cancels the request of an older one.
    takeLatest(ofDialog(dialog, queryChanged), loadList, dialog),
    takeLeading(ofDialog(dialog, trendingPageRequested), loadNextTrendingPage, dialog),
  ]);
  yield take([ofDialog(dialog, dialogClosed), addTokenClosed.type]);
  yield cancel(tasks);
}

// Root

export function* addTokenSaga(): SagaIterator {
  yield takeEvery(dialogOpened.type, watchDialog);
}
