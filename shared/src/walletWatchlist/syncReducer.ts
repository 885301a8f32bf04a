// The sync slice's reducer, in the saved watchlist's code (the wallet-sync chunk): injected
// into the store before that code's first action, so a signed-out first paint does not carry
// it (docs/architecture.md#the-wallets-watchlist-in-the-page). Until then the selectors read
// syncStateAtStart (syncSlice.ts).
import type { UnknownAction } from '@reduxjs/toolkit';
import { coreForSyncCode } from './coreHandover';
import type { FirstSignInQuestion, SyncNotice, SyncState, SyncStatus } from './syncSlice';

const { createAction, sessionEnded, syncNoticeDismissed, syncQuestionAnswered, syncStateAtStart } =
  coreForSyncCode();

export const syncStatusChanged = createAction<{
  status: SyncStatus;
  unsent: number;
  problem?: string | null;
}>('sync/statusChanged');
export const syncQuestionAsked = createAction<FirstSignInQuestion>('sync/questionAsked');
export const syncNoticeShown = createAction<SyncNotice>('sync/noticeShown');

/** The most messages kept on screen at once: older ones leave. */
export const MAX_NOTICES = 4;

function syncReducer(state: SyncState = syncStateAtStart, action: UnknownAction): SyncState {
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
