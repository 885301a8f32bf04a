import { createAppStore } from '../store/createStore';
import { addTokenClosed, addTokenOpened, uiSlice } from './uiSlice';

describe('ui slice', () => {
  it('starts with the add-token modal closed', () => {
    expect(uiSlice.reducer(undefined, { type: '@@init' })).toEqual({ addTokenOpen: false });
    expect(createAppStore().getState().ui.addTokenOpen).toBe(false);
  });

  it('opens and closes the add-token modal through the store', () => {
    const store = createAppStore();
    store.dispatch(addTokenOpened());
    expect(store.getState().ui.addTokenOpen).toBe(true);
    store.dispatch(addTokenOpened());
    expect(store.getState().ui.addTokenOpen).toBe(true);
    store.dispatch(addTokenClosed());
    expect(store.getState().ui.addTokenOpen).toBe(false);
    store.dispatch(addTokenClosed());
    expect(store.getState().ui.addTokenOpen).toBe(false);
  });
});
