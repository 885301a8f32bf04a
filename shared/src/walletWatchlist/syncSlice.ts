import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { sessionEnded, type SessionEndReason } from '../session/sessionSlice';
import type { FirstSignInQuestion } from './firstSignIn';

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

/** The most messages kept on screen at once: older ones leave. */
export const MAX_NOTICES = 4;

const initialState: SyncState = {
  status: 'off',
  problem: null,
  unsent: 0,
  question: null,
  notices: [],
  nextNoticeId: 1,
};

export const syncStatusChanged = createAction<{
  status: SyncStatus;
  unsent: number;
  problem?: string | null;
}>('sync/statusChanged');
export const syncQuestionAsked = createAction<FirstSignInQuestion>('sync/questionAsked');
/** The visitor answered the first sign-in's question: Add (true) or Keep separate. */
export const syncQuestionAnswered = createAction<{ add: boolean }>('sync/questionAnswered');
export const syncNoticeShown = createAction<SyncNotice>('sync/noticeShown');
export const syncNoticeDismissed = createAction<{ id: number }>('sync/noticeDismissed');
/** The saved watchlist's own Sign out, confirmed when changes were waiting. */
export const signOutRequested = createAction('sync/signOutRequested');
/** 'Delete my saved watchlist', confirmed. */
export const savedWatchlistDeleteRequested = createAction('sync/deleteRequested');

function syncReducer(state: SyncState = initialState, action: UnknownAction): SyncState {
  if (syncStatusChanged.match(action)) {
    const { status, unsent, problem = null } = action.payload;
    const same = status === state.status && unsent === state.unsent && problem === state.problem;
    return same ? state : { ...state, status, unsent, problem };
  }
  if (syncQuestionAsked.match(action)) return { ...state, question: action.payload };
  if (syncQuestionAnswered.match(action)) return { ...state, question: null };
  if (syncNoticeShown.match(action)) {
    const notices = [...state.notices, { id: state.nextNoticeId, notice: action.payload }];
    return { ...state, notices: notices.slice(-MAX_NOTICES), nextNoticeId: state.nextNoticeId + 1 };
  }
  if (syncNoticeDismissed.match(action)) {
    return { ...state, notices: state.notices.filter(({ id }) => id !== action.payload.id) };
  }
  // The question closes with the sign-in (it is asked again at the next one).
  // What the first sync said no longer holds once signed out.
  if (sessionEnded.match(action)) {
    const notices = state.notices.filter(({ notice }) => notice.kind !== 'firstSync');
    return { ...state, status: 'off', problem: null, unsent: 0, question: null, notices };
  }
  return state;
}

export const syncSlice = { reducerPath: 'sync', reducer: syncReducer } as const;

type WithSync = { sync: SyncState };
export const selectSyncStatus = (state: WithSync) => state.sync.status;
/** The server's words while it cannot keep the list (null: none). */
export const selectSyncProblem = (state: WithSync) => state.sync.problem;
export const selectUnsentChanges = (state: WithSync) => state.sync.unsent;
export const selectSyncQuestion = (state: WithSync) => state.sync.question;
export const selectSyncNotices = (state: WithSync) => state.sync.notices;
