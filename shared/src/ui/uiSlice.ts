import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { walletChanged } from '../wallet/walletSlice';

/**
 * Cross-remote UI events: the watchlist opens the add-token modal and the wallet-balances
 * dialog (both rendered by other remotes) through the store.
 */
export interface UiState {
  addTokenOpen: boolean;
  /** The header's 'Use wallet balances' dialog; it closes when the wallet disconnects. */
  walletBalancesOpen: boolean;
  /**
   * A host is bringing the summary and watchlist on screen: code that is not on that
   * critical path (the wallet stack, the modal) waits until it is done. Never set on a
   * page without a host (an embedded or standalone widget), so nothing waits there.
   */
  portfolioLoading: boolean;
}

const initialState: UiState = {
  addTokenOpen: false,
  walletBalancesOpen: false,
  portfolioLoading: false,
};

export const addTokenOpened = createAction('ui/addTokenOpened');
export const addTokenClosed = createAction('ui/addTokenClosed');
export const portfolioLoadStarted = createAction('ui/portfolioLoadStarted');
export const portfolioShown = createAction('ui/portfolioShown');
export const walletBalancesOpened = createAction('ui/walletBalancesOpened');
export const walletBalancesClosed = createAction('ui/walletBalancesClosed');

/** The fields each of this slice's own actions sets. */
const FIELDS_SET_BY = new Map<string, Partial<UiState>>([
  [addTokenOpened.type, { addTokenOpen: true }],
  [addTokenClosed.type, { addTokenOpen: false }],
  [portfolioLoadStarted.type, { portfolioLoading: true }],
  [portfolioShown.type, { portfolioLoading: false }],
  [walletBalancesOpened.type, { walletBalancesOpen: true }],
  [walletBalancesClosed.type, { walletBalancesOpen: false }],
]);

function uiReducer(state: UiState = initialState, action: UnknownAction): UiState {
  const change: Partial<UiState> | undefined =
    walletChanged.match(action) && action.payload.status === 'disconnected'
      ? { walletBalancesOpen: false }
      : FIELDS_SET_BY.get(action.type);
  if (!change) return state;
  const next = { ...state, ...change };
  const fields = Object.keys(change) as (keyof UiState)[];
  return fields.some((field) => next[field] !== state[field]) ? next : state;
}

export const uiSlice = { reducerPath: 'ui', reducer: uiReducer } as const;

export const selectAddTokenOpen = (state: { ui: UiState }) => state.ui.addTokenOpen;
export const selectPortfolioLoading = (state: { ui: UiState }) => state.ui.portfolioLoading;
export const selectWalletBalancesOpen = (state: { ui: UiState }) => state.ui.walletBalancesOpen;
