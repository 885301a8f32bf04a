import {
  createAction,
  type CoinMarket,
  type RemovedEntry,
  type RootState,
  type SearchCoin,
  type UnknownAction,
} from '@token-portfolio/shared';

export type ListMode = 'trending' | 'search';

/**
 * 'loading': the first page of the current mode is on its way (the list is replaced);
 * 'loadingMore': a further trending page is (the list stays).
 */
export type ListStatus = 'idle' | 'loading' | 'loadingMore' | 'ready' | 'failed';

export interface AddTokenState {
  /** The debounced, trimmed query; '' means trending mode. */
  query: string;
  mode: ListMode;
  /** Coins of the last /search answer for `query`. */
  results: SearchCoin[];
  /** Trending pages loaded so far, in order. */
  trending: { coins: CoinMarket[]; page: number; hasNextPage: boolean };
  status: ListStatus;
  /** The message shown after 'Error loading coins.'. */
  error: string | null;
  /** Wishlist ids when the modal opened: 'Add to Wishlist' is enabled once they differ. */
  selectionAtOpen: string[];
  /**
   * Tokens unchecked since the modal opened, as they were: checking one again restores
   * its holdings and place (beyond the spec), where the spec's addId would start it empty.
   */
  uncheckedHere: Record<string, RemovedEntry>;
}

export const initialAddTokenState: AddTokenState = {
  query: '',
  mode: 'trending',
  results: [],
  trending: { coins: [], page: 0, hasNextPage: false },
  status: 'idle',
  error: null,
  selectionAtOpen: [],
  uncheckedHere: {},
};

export interface TrendingPageLoaded {
  page: number;
  coins: CoinMarket[];
  hasNextPage: boolean;
}

/**
 * Each Add Token widget on the page has a dialog of its own, with a state of its own: its
 * actions name it in `meta.dialog` (an id the dialog takes when it mounts).
 */
export interface DialogMeta {
  dialog: string;
}

/** An action about one dialog: its payload, and the dialog in meta. */
const aboutDialog =
  <Payload = undefined>() =>
  (payload: Payload, dialog: string) => ({ payload, meta: { dialog } });
const toDialog = (dialog: string) => ({ payload: undefined, meta: { dialog } });

/** The dialog mounted: a fresh start in trending mode, remembering the selection. */
export const dialogOpened = createAction('addToken/dialogOpened', aboutDialog<string[]>());
/** The dialog unmounted: its state and sagas go. */
export const dialogClosed = createAction('addToken/dialogClosed', toDialog);
/** Every keystroke, with the widget's search delay; the sagas debounce it into queryChanged. */
export const queryTyped = createAction(
  'addToken/queryTyped',
  aboutDialog<{ text: string; delayMs: number }>(),
);
export const queryChanged = createAction('addToken/queryChanged', aboutDialog<string>());
export const searchLoaded = createAction('addToken/searchLoaded', aboutDialog<SearchCoin[]>());
/** The scroll sentinel came near: the sagas load the next page when there is one. */
export const trendingPageRequested = createAction('addToken/trendingPageRequested', toDialog);
export const trendingPageStarted = createAction('addToken/trendingPageStarted', toDialog);
export const trendingPageLoaded = createAction(
  'addToken/trendingPageLoaded',
  aboutDialog<TrendingPageLoaded>(),
);
export const loadFailed = createAction('addToken/loadFailed', aboutDialog<string>());
/** A watched token was unchecked: kept, so checking it again brings its holdings back. */
export const tokenUnchecked = createAction('addToken/tokenUnchecked', aboutDialog<RemovedEntry>());

/** The dialog an action of this slice is about; null for any other action. */
export function dialogOf(action: { type: string }): string | null {
  const { meta } = action as { meta?: Partial<DialogMeta> };
  return action.type.startsWith('addToken/') && typeof meta?.dialog === 'string'
    ? meta.dialog
    : null;
}

/** The trending list with one more page: page 1 replaces it, so a refetch never doubles it. */
function withPage(
  trending: AddTokenState['trending'],
  { page, coins, hasNextPage }: TrendingPageLoaded,
): AddTokenState['trending'] {
  const kept = page === 1 ? [] : trending.coins;
  const known = new Set(kept.map((coin) => coin.id));
  return { coins: [...kept, ...coins.filter((coin) => !known.has(coin.id))], page, hasNextPage };
}

/** One dialog's state. */
function dialogReducer(state: AddTokenState, action: UnknownAction): AddTokenState {
  if (dialogOpened.match(action)) {
    return { ...initialAddTokenState, selectionAtOpen: action.payload, status: 'loading' };
  }
  if (queryChanged.match(action)) {
    return {
      ...state,
      query: action.payload,
      mode: action.payload === '' ? 'trending' : 'search',
      results: [],
      trending: initialAddTokenState.trending,
      status: 'loading',
      error: null,
    };
  }
  if (searchLoaded.match(action)) return { ...state, results: action.payload, status: 'ready' };
  if (trendingPageStarted.match(action)) {
    const status = state.trending.coins.length === 0 ? 'loading' : 'loadingMore';
    return { ...state, status, error: null };
  }
  if (trendingPageLoaded.match(action)) {
    return { ...state, trending: withPage(state.trending, action.payload), status: 'ready' };
  }
  if (tokenUnchecked.match(action)) {
    const { id } = action.payload;
    return { ...state, uncheckedHere: { ...state.uncheckedHere, [id]: action.payload } };
  }
  if (loadFailed.match(action)) return { ...state, status: 'failed', error: action.payload };
  return state;
}

/** The open dialogs' states, by dialog. */
export type AddTokenDialogs = Record<string, AddTokenState>;

function addTokenReducer(state: AddTokenDialogs = {}, action: UnknownAction): AddTokenDialogs {
  const dialog = dialogOf(action);
  if (dialog === null) return state;
  if (dialogClosed.match(action)) {
    const { [dialog]: _closed, ...open } = state;
    return open;
  }
  const before = Object.hasOwn(state, dialog) ? state[dialog] : undefined;
  // An answer that arrives after its dialog closed changes nothing.
  if (!before && !dialogOpened.match(action)) return state;
  const after = dialogReducer(before ?? initialAddTokenState, action);
  return after === before ? state : { ...state, [dialog]: after };
}

export const addTokenSlice = { reducerPath: 'addToken', reducer: addTokenReducer } as const;

/**
 * The store's state once this slice is injected. Optional: the slice joins the one
 * store only when the modal first mounts.
 */
export type AddTokenRootState = RootState & { addToken?: AddTokenDialogs };
