/**
 * Which row has its menu open and which row is being edited: form-like UI state, kept
 * in the table (not the store) and in one reducer because the rules tie them together.
 */
export interface RowUiState {
  openMenuId: string | null;
  editingId: string | null;
}

export type RowUiAction =
  | { type: 'menuToggled'; id: string }
  | { type: 'menuClosed' }
  | { type: 'editStarted'; id: string }
  | { type: 'editEnded' }
  | { type: 'rowRemoved'; id: string };

export const noRowUi: RowUiState = { openMenuId: null, editingId: null };

export function rowUiReducer(state: RowUiState, action: RowUiAction): RowUiState {
  switch (action.type) {
    case 'menuToggled':
      // One menu at a time; opening one clears any edit (docs/product.md#states-and-transitions).
      return state.openMenuId === action.id
        ? { ...state, openMenuId: null }
        : { openMenuId: action.id, editingId: null };
    case 'menuClosed':
      return state.openMenuId === null ? state : { ...state, openMenuId: null };
    case 'editStarted':
      return { openMenuId: null, editingId: action.id };
    case 'editEnded':
      return { ...state, editingId: null };
    case 'rowRemoved':
      return {
        openMenuId: state.openMenuId === action.id ? null : state.openMenuId,
        editingId: state.editingId === action.id ? null : state.editingId,
      };
  }
}
