// The public API of @token-portfolio/shared: the store, what two or more apps use, the
// generic kit. Remotes import only from here; what one app alone uses lives in that app
// (docs/decisions/0032).
export { SHARED_API_MAJOR } from './version';
export type { CoinListEntry, CoinMarket, SearchCoin, SearchResponse } from './market/types';
export { coinsOf, coinListOf, searchResponseOf } from './market/schemas';
export { parseNonce, parseSessionInfo } from './wallet/authBodies';
export type { SessionInfo } from './wallet/authBodies';

export { getStore } from './store/getStore';
export { createAppStore } from './store/createStore';
export type { AppStore, RootState } from './store/createStore';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';
// Redux Toolkit, redux, react-redux and redux-saga live in the shared core, not in the
// share scope: bundled here, only what is used
// (docs/architecture.md#what-the-page-shares). A remote's own
// actions, reducer, selectors and sagas use these.
export { createAction, createSelector, nanoid } from '@reduxjs/toolkit';
export type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
export {
  all,
  call,
  cancel,
  // No longer imported, kept for remotes built against an earlier 3.x (as isColorScheme).
  debounce,
  delay,
  fork,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
export type { SagaIterator, Task } from 'redux-saga';

export {
  wishlistSlice,
  addId,
  removeId,
  setCoinsData,
  updateHoldings,
  replaceWholeState,
  entryRestored,
  removedEntryOf,
  imported,
  importUndone,
  isLoadedCoin,
  WATCHLIST_CAP,
} from './wishlist/wishlistSlice';
export type {
  WishlistState,
  WishlistEntity,
  LoadedCoin,
  RemovedEntry,
  TokenHoldings,
  ImportedPayload,
  ImportUndonePayload,
} from './wishlist/wishlistSlice';
export { amountHeld, computeValue } from './wishlist/value';
export {
  selectWishlist,
  selectWatchedIds,
  selectWatchlistFull,
  selectCoinById,
} from './wishlist/selectors';
export type { WishlistRoot } from './wishlist/selectors';
export { HOUR_MS, seriesStepHours } from './persistence/priceSeries';
export { isCoinId } from './market/coinId';

export {
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
  formatCompact,
  formatLastUpdated,
  formatSignedPercent,
  isGainOrFlat,
  formatHoldings,
  formatAddress,
  formatName,
  formatSymbol,
  formatTokenLabel,
  formatSignedUsd,
  formatDateTime,
  formatShortDate,
} from './format/format';
export { safeImageUrl } from './format/safeImageUrl';
export {
  theme,
  CHART_COLORS,
  chartColor,
  // No longer imported, kept for remotes built against an earlier 3.x: a name removed is a
  // new major (docs/deploying.md#compatibility).
  isColorScheme,
  schemeDeclarations,
  schemeVariables,
  themeVariables,
} from './theme';
export type { ThemeOverrides } from './theme';
export { ColorSchemeSwitch } from './colorScheme/ColorSchemeSwitch';
export { button, primaryButton, iconButton } from './controls/buttons';
export { focusRing, insetFocusRing } from './controls/focusRing';
export { TokenLogo } from './controls/TokenLogo';
export { UndoNotice, UNDO_OFFERED_MS } from './controls/UndoNotice';

export { WidgetRoot, useWidgetOption } from './react/WidgetRoot';
export { PageStyles } from './react/PageStyles';
export { visuallyHidden } from './react/visuallyHidden';
export { useFocusTrap } from './react/useFocusTrap';
export { useBackdropDismiss } from './react/useBackdropDismiss';
export { useModalEffects } from './react/useModalEffects';
export { ReviewDialog } from './react/ReviewDialog';
export {
  modalBackdrop,
  modalPanel,
  reviewForm,
  reviewBody,
  reviewMessage,
  reviewFooter,
} from './react/modalStyles';

export type { MarketPlan, RuntimeConfig } from './config';
export { REMOTES, REMOTE_NAMES } from './remotes';
export type { RemoteName, RemoteEntry } from './remotes';
export { configureMarket, getMarketSettings } from './market/settings';
// The boot script's handoff, read by the header: one copy, the core's.
export { AUTH_SESSION_PATH, bootHandoff } from './boot/bootHandoff';

export { walletSlice, walletChanged, selectWallet } from './wallet/walletSlice';
// The sign-in, read once per page, and the saved watchlist that follows it.
export { signInState, knownSignInState, type SignInState } from './session/signInSession';
export {
  sessionConfirmed,
  sessionEnded,
  selectSignedInAddress,
  type SessionEndReason,
} from './session/sessionSlice';
export {
  selectSyncStatus,
  selectSyncProblem,
  selectUnsentChanges,
  selectSyncQuestion,
  selectSyncNotices,
  syncQuestionAnswered,
  syncNoticeDismissed,
  savedWatchlistDeleteRequested,
  signOutRequested,
  type SyncNotice,
  type SyncStatus,
} from './walletWatchlist/syncSlice';
export { LOCAL_CHAIN_PLATFORM_ID } from './wallet/localChain';

// Market data: the one client (ky) a widget's own requests go through, its typed errors
// and the request cache.
export { marketGet } from './market/client';
export { fetchMarketsForIds } from './prices/fetchMarketsForIds';
export {
  MarketError,
  InvalidRequestError,
  InternalServerError,
  ConnectionError,
  logMarketError,
} from './market/errors';
export { RequestCache, marketCache, CACHE_TIMES } from './market/requestCache';

// The price pipeline: the events it answers and announces, and how the last fetch went.
export {
  pricesRequested,
  pricesFetchStarted,
  pricesReceived,
  pricesFetchEnded,
} from './prices/events';
export {
  selectWatchedPricesStatus,
  selectWatchedPricesError,
  selectWatchedPricesRetrying,
  selectIsMissingFromMarket,
  selectStaleSince,
} from './prices/pricesStatusSlice';
export { provideRuntimeConfig, providedRuntimeConfig } from './providedConfig';
