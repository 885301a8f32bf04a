import { createSelector, selectWatchedIds, type RemovedEntry } from '@token-portfolio/shared';
import {
  initialAddTokenState,
  type AddTokenRootState,
  type AddTokenState,
  type ListMode,
  type ListStatus,
} from './addTokenSlice';
import { toTokenEntry, type TokenEntry } from './tokenEntry';

/** The slice, or its initial state in the moment before it is injected. */
export const selectAddToken = (state: AddTokenRootState): AddTokenState =>
  state.addToken ?? initialAddTokenState;

export const selectMode = (state: AddTokenRootState): ListMode => selectAddToken(state).mode;
export const selectStatus = (state: AddTokenRootState): ListStatus => selectAddToken(state).status;
export const selectError = (state: AddTokenRootState): string | null => selectAddToken(state).error;
export const selectHasNextPage = (state: AddTokenRootState): boolean =>
  selectAddToken(state).trending.hasNextPage;

/** The rows the list shows in the current mode. */
export const selectTokenEntries: (state: AddTokenRootState) => TokenEntry[] = createSelector(
  [selectAddToken],
  ({ mode, results, trending }) => (mode === 'search' ? results : trending.coins).map(toTokenEntry),
);

export const selectWatchedSet: (state: AddTokenRootState) => Set<string> = createSelector(
  [selectWatchedIds],
  (ids) => new Set(ids),
);

/** 'Add to Wishlist' is enabled only when the selection differs from the one at open. */
export const selectSelectionChanged: (state: AddTokenRootState) => boolean = createSelector(
  [selectWatchedSet, (state: AddTokenRootState) => selectAddToken(state).selectionAtOpen],
  (watched, atOpen) => watched.size !== atOpen.length || atOpen.some((id) => !watched.has(id)),
);

/** The token as it was when unchecked in this opening of the modal, if it was. */
export const selectUncheckedHere = (state: AddTokenRootState, id: string): RemovedEntry | null => {
  const unchecked = selectAddToken(state).uncheckedHere;
  return Object.hasOwn(unchecked, id) ? (unchecked[id] ?? null) : null;
};
