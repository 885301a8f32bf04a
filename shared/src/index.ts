// The public API of @token-portfolio/shared. Remotes import only from here.
export { SHARED_API_VERSION, SHARED_API_MAJOR } from './version';
export type {
  CoinMarket,
  CoinListEntry,
  SearchCoin,
  SearchResponse,
  PageResult,
} from './market/types';
export { coinOf, coinsOf } from './market/schemas';
export { parseNonce, parseSessionInfo } from './wallet/authBodies';
export type { SessionInfo } from './wallet/authBodies';

export { getStore } from './store/getStore';
export { leaseStore } from './store/storeLease';
export { createAppStore } from './store/createStore';
export type {
  AppStore,
  AppDispatch,
  RootState,
  LazyLoadedSlices,
  StoreOptions,
  SliceLike,
} from './store/createStore';
export { useAppDispatch, useAppSelector, useAppStore, useDeferredWishlist } from './store/hooks';
// Redux Toolkit, redux, react-redux and redux-saga live in the shared core, not in the
// share scope: bundled here, only what is used (docs/decisions/0015, 0021). A remote's own
// actions, reducer, selectors and sagas use these.
export { createAction, createSelector } from '@reduxjs/toolkit';
export type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
export {
  all,
  call,
  debounce,
  put,
  race,
  select,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
export type { SagaIterator } from 'redux-saga';

export {
  wishlistSlice,
  emptyWishlist,
  addId,
  removeId,
  setCoinsData,
  updateHoldings,
  refreshPrices,
  replaceWholeState,
  entryRestored,
  removedEntryOf,
  isLoadedCoin,
  WATCHLIST_CAP,
} from './wishlist/wishlistSlice';
export type {
  WishlistState,
  WishlistEntity,
  LoadedCoin,
  BareRecord,
  RemovedEntry,
} from './wishlist/wishlistSlice';
export { computeValue, countsTowardsTotal, shareOfTotal } from './wishlist/value';
export {
  selectWishlist,
  selectWatchedIds,
  selectWatchlistFull,
  selectCoinById,
  selectPortfolioTotal,
  selectBreakdown,
  selectLastUpdated,
  pageWindow,
  TABLE_PAGE_SIZE,
} from './wishlist/selectors';
export type { BreakdownSlice, PageWindow, WishlistRoot } from './wishlist/selectors';
export { selectPortfolioHistory } from './portfolio/portfolioHistory';
export { usePortfolioHistory } from './portfolio/usePortfolioHistory';
export type { HistoryPoint, PortfolioHistory } from './portfolio/portfolioHistory';
export { selectPortfolioChange } from './portfolio/portfolioChange';
export type { PortfolioChange } from './portfolio/portfolioChange';
export { HOUR_MS } from './portfolio/priceSeries';

export {
  uiSlice,
  addTokenOpened,
  addTokenClosed,
  portfolioLoadStarted,
  portfolioShown,
  walletBalancesOpened,
  walletBalancesClosed,
  selectAddTokenOpen,
  selectPortfolioLoading,
  selectWalletBalancesOpen,
} from './ui/uiSlice';

export {
  formatUsd,
  formatPrice,
  formatLastUpdated,
  formatSignedPercent,
  isGainOrFlat,
  formatCompact,
  formatHoldings,
  formatAddress,
  formatName,
  formatSymbol,
  formatTokenLabel,
  formatTime12h,
  formatSignedUsd,
  formatDateTime,
  formatShortDate,
} from './format/format';
export { safeImageUrl } from './format/safeImageUrl';
export {
  theme,
  CHART_COLORS,
  chartColor,
  COLOR_SCHEMES,
  DEFAULT_COLORS,
  isColorScheme,
  schemeDeclarations,
  schemeVariables,
  themeVariables,
} from './theme';
export type { ColorScheme, ThemeColor, ThemeOverrides } from './theme';
export { ColorSchemeSwitch } from './colorScheme/ColorSchemeSwitch';
export { button, primaryButton, iconButton } from './controls/buttons';
export { focusRing, insetFocusRing } from './controls/focusRing';
export { TokenLogo } from './controls/TokenLogo';
export { UndoNotice, UNDO_OFFERED_MS } from './controls/UndoNotice';

export { WidgetRoot, type WidgetOptions } from './react/WidgetRoot';
export { PageStyles } from './react/PageStyles';
export { visuallyHidden } from './react/visuallyHidden';
export { useFocusTrap } from './react/useFocusTrap';
export { useBackdropDismiss } from './react/useBackdropDismiss';
export { useModalEffects } from './react/useModalEffects';
export { modalBackdrop, modalPanel } from './react/modalStyles';

export { MARKET_BASE_URLS } from './config';
export type { MarketPlan, MarketSettings, RuntimeConfig } from './config';
export { REMOTES, REMOTE_NAMES } from './remotes';
export type { RemoteName, RemoteEntry } from './remotes';
export { adoptMarket, configureMarket, getMarketSettings } from './market/settings';
// The boot script's handoff, read by the header: one copy, the core's.
export { AUTH_SESSION_PATH, bootHandoff } from './boot/bootHandoff';

export {
  walletSlice,
  walletChanged,
  disconnectedWallet,
  selectWallet,
  selectWalletAddress,
  selectWalletChainId,
} from './wallet/walletSlice';
export type { WalletState, WalletConnectionStatus } from './wallet/walletSlice';
export { LOCAL_CHAIN_PLATFORM_ID } from './wallet/localChain';

// Market data: the client (ky), its typed errors, the request cache and the price status.
export { fetchTrendingPage, TRENDING_PAGE_SIZE } from './market/fetchTrendingPage';
export { fetchMarketsForIds } from './prices/fetchMarketsForIds';
export { PRICE_BATCH_SIZE } from './prices/marketsRequest';
export { searchCoins } from './market/searchCoins';
export { fetchCoinPlatforms } from './market/fetchCoinPlatforms';
export { fetchLargestCoins } from './market/fetchLargestCoins';
export {
  MarketError,
  InvalidRequestError,
  MarketApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  ConnectionTimeoutError,
  UserAbortError,
} from './market/errors';
export { RequestCache, marketCache, CACHE_TIMES } from './market/requestCache';
export type { CacheTimes, CachedAnswer } from './market/requestCache';

// The price pipeline: the events it answers and announces, and how the last fetch went.
export {
  pricesRequested,
  idsAdded,
  pricesFetchStarted,
  pricesAttemptFailed,
  pricesReceived,
  pricesFetchEnded,
} from './prices/events';
export {
  pricesStatusSlice,
  selectWatchedPrices,
  selectWatchedPricesStatus,
  selectWatchedPricesError,
  selectWatchedPricesRetrying,
  selectIsMissingFromMarket,
} from './prices/pricesStatusSlice';
export type { PricesStatusState, WatchedPricesState } from './prices/pricesStatusSlice';
export type { UiState } from './ui/uiSlice';
export { WISHLIST_STORAGE_KEY, SEED_COOKIE } from './persistence/storageKeys';
export { provideRuntimeConfig, providedRuntimeConfig } from './providedConfig';
