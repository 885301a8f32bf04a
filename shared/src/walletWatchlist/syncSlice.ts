import { createAction } from '@reduxjs/toolkit';
import type { SessionEndReason } from '../session/sessionSlice';

/**
 * One token of the browser's own list that the wallet's list lacks, or holds otherwise: part
 * of the first sign-in's question (firstSignIn.ts asks it).
 */
export interface OfferedToken {
  id: string;
  /** The token's name and symbol when this browser has its market data. */
  name: string | null;
  symbol: string | null;
  /** Its holdings in this browser's own list. */
  here: string;
  /** Its holdings in the wallet's list; null when that list does not have it. */
  saved: string | null;
}

export interface FirstSignInQuestion {
  tokens: OfferedToken[];
  /** How many more tokens the wallet's list takes (WATCHLIST_CAP). */
  room: number;
}

/**
 * How the wallet's list stands (docs/product.md#your-watchlist-follows-your-wallet): 'off'
 * signed out; 'loading' until the server's list has come; 'sending' changes; 'saved' when
 * the server has every change; 'waiting' when it cannot be reached and changes wait here.
 */
export type SyncStatus = 'off' | 'loading' | 'sending' | 'saved' | 'waiting';

/** A message of the sync's, until the visitor dismisses it. */
export type SyncNotice =
  /** The first sync on this browser: what the server keeps, and why. */
  | { kind: 'firstSync' }
  /** The sign-in ended: the browser's own list is back; `discarded` unsent changes were dropped. */
  | { kind: 'sessionEnded'; reason: SessionEndReason; discarded: number }
  /** This browser's edit brought back a token removed on another device. */
  | { kind: 'broughtBack'; name: string }
  /** Another device's edit brought back a token removed here. */
  | { kind: 'back'; name: string }
  /** Another device removed a token this browser had edited. */
  | { kind: 'removedElsewhere'; name: string }
  /** Additions past the cap were refused: `room` more fit. */
  | { kind: 'full'; room: number }
  /** 'Delete my saved watchlist' could not reach the server. */
  | { kind: 'deleteFailed'; message: string };

export interface SyncState {
  status: SyncStatus;
  /**
   * While changes wait: the server's words when it said it cannot keep the list now (its
   * store cannot be reached), shown instead of 'will sync'; null when it just did not answer.
   */
  problem: string | null;
  /** Changes made here that the server has not applied yet. */
  unsent: number;
  /** The first sign-in's question while it waits for an answer. */
  question: FirstSignInQuestion | null;
  /** Messages on screen, oldest first, each with its id. */
  notices: { id: number; notice: SyncNotice }[];
  nextNoticeId: number;
}

/** How the list stands before the saved watchlist's code runs: signed out, nothing to say. */
export const syncStateAtStart: SyncState = {
  status: 'off',
  problem: null,
  unsent: 0,
  question: null,
  notices: [],
  nextNoticeId: 1,
};

/** The visitor answered the first sign-in's question: Add (true) or Keep separate. */
export const syncQuestionAnswered = createAction<{ add: boolean }>('sync/questionAnswered');
export const syncNoticeDismissed = createAction<{ id: number }>('sync/noticeDismissed');
/** The saved watchlist's own Sign out, confirmed when changes were waiting. */
export const signOutRequested = createAction('sync/signOutRequested');
/** 'Delete my saved watchlist', confirmed. */
export const savedWatchlistDeleteRequested = createAction('sync/deleteRequested');

// The reducer, and the actions only the saved watchlist's code sends, are that code's
// (syncReducer.ts): it injects the reducer before its first action, so a signed-out first
// paint carries only the visitor's actions and the selectors.
/** The slice is there once the saved watchlist's code has run (syncReducer.ts). */
type WithSync = { sync?: SyncState };
const syncOf = (state: WithSync) => state.sync ?? syncStateAtStart;
export const selectSyncStatus = (state: WithSync) => syncOf(state).status;
/** The server's words while it cannot keep the list (null: none). */
export const selectSyncProblem = (state: WithSync) => syncOf(state).problem;
export const selectUnsentChanges = (state: WithSync) => syncOf(state).unsent;
export const selectSyncQuestion = (state: WithSync) => syncOf(state).question;
export const selectSyncNotices = (state: WithSync) => syncOf(state).notices;
