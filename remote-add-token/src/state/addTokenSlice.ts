import {
  createSlice,
  type CoinMarket,
  type PayloadAction,
  type RootState,
  type SearchCoin,
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
}

export const initialAddTokenState: AddTokenState = {
  query: '',
  mode: 'trending',
  results: [],
  trending: { coins: [], page: 0, hasNextPage: false },
  status: 'idle',
  error: null,
  selectionAtOpen: [],
};

export interface TrendingPageLoaded {
  page: number;
  coins: CoinMarket[];
  hasNextPage: boolean;
}

export const addTokenSlice = createSlice({
  name: 'addToken',
  initialState: initialAddTokenState,
  reducers: {
    /** The dialog mounted: a fresh start in trending mode, remembering the selection. */
    dialogOpened(_state, action: PayloadAction<string[]>) {
      return { ...initialAddTokenState, selectionAtOpen: action.payload, status: 'loading' };
    },
    /** Every keystroke; the sagas debounce it into queryChanged. */
    queryTyped(_state, _action: PayloadAction<string>) {},
    queryChanged(state, action: PayloadAction<string>) {
      state.query = action.payload;
      state.mode = action.payload === '' ? 'trending' : 'search';
      state.results = [];
      state.trending = initialAddTokenState.trending;
      state.status = 'loading';
      state.error = null;
    },
    searchLoaded(state, action: PayloadAction<SearchCoin[]>) {
      state.results = action.payload;
      state.status = 'ready';
    },
    /** The scroll sentinel came near: the sagas load the next page when there is one. */
    trendingPageRequested() {},
    trendingPageStarted(state) {
      state.status = state.trending.coins.length === 0 ? 'loading' : 'loadingMore';
      state.error = null;
    },
    trendingPageLoaded(state, action: PayloadAction<TrendingPageLoaded>) {
      const { page, coins, hasNextPage } = action.payload;
      // Page 1 replaces the list, so a refetch on entering trending mode never doubles it.
      const kept = page === 1 ? [] : state.trending.coins;
      const known = new Set(kept.map((coin) => coin.id));
      state.trending = {
        coins: [...kept, ...coins.filter((coin) => !known.has(coin.id))],
        page,
        hasNextPage,
      };
      state.status = 'ready';
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const {
  dialogOpened,
  queryTyped,
  queryChanged,
  searchLoaded,
  trendingPageRequested,
  trendingPageStarted,
  trendingPageLoaded,
  loadFailed,
} = addTokenSlice.actions;

/**
 * The store's state once this slice is injected. Optional: the slice joins the one
 * store only when the modal first mounts.
 */
export type AddTokenRootState = RootState & { addToken?: AddTokenState };
