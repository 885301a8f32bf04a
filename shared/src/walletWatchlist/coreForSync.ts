// The core's parts that the saved watchlist's code (the wallet-sync chunk) uses, handed to it
// as one object before it is fetched (listOwnerSaga.ts, coreHandover.ts). A chunk module that
// imported them itself would keep each module it named, and redux-saga, out of the core's
// single scope (each its own wrapper with its exports' getters): about 2 KB more for every
// first paint (docs/architecture.md#the-wallets-watchlist-in-the-page).
import { createAction } from '@reduxjs/toolkit';
import { END, eventChannel, multicastChannel } from 'redux-saga';
import { call, delay, fork, put, race, select, spawn, take, takeLeading } from 'redux-saga/effects';
import { readSavedText } from '../persistence/browserStorage';
import { loadInitialWishlist } from '../persistence/initialState';
import { watchPersistence } from '../persistence/persistenceWatchers';
import { parseSavedWishlist } from '../persistence/savedWishlist';
import { SAMPLE_HOLDINGS } from '../persistence/sampleWishlist';
import { pricesReceived } from '../prices/events';
import {
  selectSessionKnown,
  selectSignedInAddress,
  sessionAbsent,
  sessionConfirmed,
  sessionEnded,
} from '../session/sessionSlice';
import { currentSignIn, signInState } from '../session/signInSession';
import { injectSharedSlice } from '../store/createStore';
import { selectWishlist } from '../wishlist/selectors';
import { computeValue } from '../wishlist/value';
import {
  emptyWishlist,
  isLoadedCoin,
  refreshPrices,
  setCoinsData,
  syncedListShown,
} from '../wishlist/wishlistSlice';
import { retryWait } from './retryWait';
import {
  savedWatchlistDeleteRequested,
  signOutRequested,
  syncNoticeDismissed,
  syncQuestionAnswered,
  syncStateAtStart,
} from './syncSlice';
import {
  WALLET_STORAGE_PREFIX,
  isWalletCopyKey,
  walletCopyKey,
  walletListKey,
  walletStorageKeys,
} from './walletKeys';

export const coreForSync = {
  createAction,
  END,
  eventChannel,
  multicastChannel,
  call,
  delay,
  fork,
  put,
  race,
  select,
  spawn,
  take,
  takeLeading,
  readSavedText,
  loadInitialWishlist,
  watchPersistence,
  parseSavedWishlist,
  SAMPLE_HOLDINGS,
  pricesReceived,
  selectSessionKnown,
  selectSignedInAddress,
  sessionAbsent,
  sessionConfirmed,
  sessionEnded,
  currentSignIn,
  signInState,
  selectWishlist,
  computeValue,
  emptyWishlist,
  isLoadedCoin,
  refreshPrices,
  setCoinsData,
  syncedListShown,
  retryWait,
  savedWatchlistDeleteRequested,
  signOutRequested,
  syncNoticeDismissed,
  syncQuestionAnswered,
  syncStateAtStart,
  injectSharedSlice,
  WALLET_STORAGE_PREFIX,
  isWalletCopyKey,
  walletCopyKey,
  walletListKey,
  walletStorageKeys,
};

export type CoreForSync = typeof coreForSync;
