import { createAction, type UnknownAction } from '@reduxjs/toolkit';

/** Why a sign-in ended, as the page tells the visitor (docs/product.md#signing-out). */
export type SessionEndReason =
  /** Sign out, here. */
  | 'signedOut'
  /** The wallet disconnected the site. */
  | 'disconnected'
  /** The wallet switched to another account. */
  | 'accountChanged'
  /** The sign-in's 7 days are over. */
  | 'expired'
  /** Signed out on another page or device (or no longer signed in when the page opened). */
  | 'endedElsewhere'
  /** 'Delete my saved watchlist', here. */
  | 'deleted'
  /** The saved watchlist was deleted on another page or device. */
  | 'deletedElsewhere';

/**
 * Who is signed in, as the page knows it: the wallet the auth API confirmed (at load, from
 * the boot script's session request, or after a sign-in), until the sign-in ends. `known`
 * is false until the load's answer has come (never, on a page without an auth API).
 */
export interface SessionState {
  known: boolean;
  address: `0x${string}` | null;
}

const unknown: SessionState = { known: false, address: null };
const signedOut: SessionState = { known: true, address: null };

/** The auth API confirmed a sign-in of this wallet (docs/architecture.md#the-wallets-watchlist-in-the-page). */
export const sessionConfirmed = createAction<{ address: `0x${string}` }>('session/confirmed');
/** The sign-in ended, for this reason. */
export const sessionEnded = createAction<{ reason: SessionEndReason }>('session/ended');
/** Nobody was signed in when the page opened. */
export const sessionAbsent = createAction('session/absent');

function sessionReducer(state: SessionState = unknown, action: UnknownAction): SessionState {
  if (sessionConfirmed.match(action)) {
    const { address } = action.payload;
    const same = state.address?.toLowerCase() === address.toLowerCase();
    return same ? state : { known: true, address };
  }
  // The load's answer never undoes a sign-in made since.
  if (sessionAbsent.match(action)) return state.known ? state : signedOut;
  if (sessionEnded.match(action)) return state.known && state.address === null ? state : signedOut;
  return state;
}

export const sessionSlice = { reducerPath: 'session', reducer: sessionReducer } as const;

type WithSession = { session: SessionState };
/** The signed-in wallet, or null. */
export const selectSignedInAddress = (state: WithSession) => state.session.address;
/** Whether the page knows yet who is signed in. */
export const selectSessionKnown = (state: WithSession) => state.session.known;
