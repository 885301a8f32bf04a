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

/** The dialog mounted: a fresh start in trending mode, remembering the selection. */
export const dialogOpened = createAction<string[]>('addToken/dialogOpened');
/** Every keystroke; the sagas debounce it into queryChanged. */
export const queryTyped = createAction<string>('addToken/queryTyped');
export const queryChanged = createAction<string>('addToken/queryChanged');
export const searchLoaded = createAction<SearchCoin[]>('addToken/searchLoaded');
/** The scroll sentinel came near: the sagas load the next page when there is one. */
export const trendingPageRequested = createAction('addToken/trendingPageRequested');
export const trendingPageStarted = createAction('addToken/trendingPageStarted');
export const trendingPageLoaded = createAction<TrendingPageLoaded>('addToken/trendingPageLoaded');
export const loadFailed = createAction<string>('addToken/loadFailed');
/** A watched token was unchecked: kept, so checking it again brings its holdings back. */
export const tokenUnchecked = createAction<RemovedEntry>('addToken/tokenUnchecked');

/** The trending list with one more page: page 1 replaces it, so a refetch never doubles it. */
function withPage(
  trending: AddTokenState['trending'],
  { page, coins, hasNextPage }: TrendingPageLoaded,
): AddTokenState['trending'] {
  const kept = page === 1 ? [] : trending.coins;
  const known = new Set(kept.map((coin) => coin.id));
  return { coins: [...kept, ...coins.filter((coin) => !known.has(coin.id))], page, hasNextPage };
}

function addTokenReducer(
  state: AddTokenState = initialAddTokenState,
  action: UnknownAction,
): AddTokenState {
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

export const addTokenSlice = { reducerPath: 'addToken', reducer: addTokenReducer } as const;

/**
 * The store's state once this slice is injected. Optional: the slice joins the one
 * store only when the modal first mounts.
 */
export type AddTokenRootState = RootState & { addToken?: AddTokenState };
