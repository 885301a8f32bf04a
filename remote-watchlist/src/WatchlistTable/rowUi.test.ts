import { noRowUi, rowUiReducer } from './rowUi';

describe('rowUiReducer', () => {
  it('keeps one menu open at a time and toggles it', () => {
    const first = rowUiReducer(noRowUi, { type: 'menuToggled', id: 'ethereum' });
    const second = rowUiReducer(first, { type: 'menuToggled', id: 'solana' });
    expect(second.openMenuId).toBe('solana');
    expect(rowUiReducer(second, { type: 'menuToggled', id: 'solana' }).openMenuId).toBeNull();
  });

  it('clears the edit when a menu opens, not when it closes', () => {
    const editing = rowUiReducer(noRowUi, { type: 'editStarted', id: 'ethereum' });
    expect(editing).toEqual({ openMenuId: null, editingId: 'ethereum' });
    expect(rowUiReducer(editing, { type: 'menuClosed' }).editingId).toBe('ethereum');
    expect(rowUiReducer(editing, { type: 'menuToggled', id: 'solana' }).editingId).toBeNull();
  });

  it('forgets a removed row but keeps the edit of another', () => {
    const editing = { openMenuId: 'solana', editingId: 'ethereum' };
    expect(rowUiReducer(editing, { type: 'rowRemoved', id: 'solana' })).toEqual({
      openMenuId: null,
      editingId: 'ethereum',
    });
    expect(rowUiReducer(editing, { type: 'rowRemoved', id: 'ethereum' }).editingId).toBeNull();
  });
});
