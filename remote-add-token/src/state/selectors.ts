import { createSelector, selectWatchedIds, type RemovedEntry } from '@token-portfolio/shared';
import {
  initialAddTokenState,
  type AddTokenRootState,
  type AddTokenState,
  type ListMode,
  type ListStatus,
} from './addTokenSlice';
import { toTokenEntry, type TokenEntry } from './tokenEntry';

// Each takes the dialog (addTokenSlice's DialogMeta) after the state.

/** One dialog's state, or the initial state in the moment before it opens. */
export const selectDialog = (state: AddTokenRootState, dialog: string): AddTokenState =>
  (state.addToken && Object.hasOwn(state.addToken, dialog) ? state.addToken[dialog] : undefined) ??
  initialAddTokenState;

export const selectMode = (state: AddTokenRootState, dialog: string): ListMode =>
  selectDialog(state, dialog).mode;
export const selectStatus = (state: AddTokenRootState, dialog: string): ListStatus =>
  selectDialog(state, dialog).status;
export const selectError = (state: AddTokenRootState, dialog: string): string | null =>
  selectDialog(state, dialog).error;
export const selectHasNextPage = (state: AddTokenRootState, dialog: string): boolean =>
  selectDialog(state, dialog).trending.hasNextPage;

/** The rows the list shows in the current mode (memoized per dialog). */
export const selectTokenEntries: (state: AddTokenRootState, dialog: string) => TokenEntry[] =
  createSelector([selectDialog], ({ mode, results, trending }) =>
    (mode === 'search' ? results : trending.coins).map(toTokenEntry),
  );

export const selectWatchedSet: (state: AddTokenRootState) => Set<string> = createSelector(
  [selectWatchedIds],
  (ids) => new Set(ids),
);

/** 'Add to Wishlist' is enabled only when the selection differs from the one at open. */
export const selectSelectionChanged: (state: AddTokenRootState, dialog: string) => boolean =
  createSelector(
    [selectWatchedSet, (state: AddTokenRootState, dialog: string) => selectDialog(state, dialog)],
    (watched, { selectionAtOpen: atOpen }) =>
      watched.size !== atOpen.length || atOpen.some((id) => !watched.has(id)),
  );

/** The token as it was when unchecked in this opening of the dialog, if it was. */
export const selectUncheckedHere = (
  state: AddTokenRootState,
  dialog: string,
  id: string,
): RemovedEntry | null => {
  const unchecked = selectDialog(state, dialog).uncheckedHere;
  return Object.hasOwn(unchecked, id) ? (unchecked[id] ?? null) : null;
};
