import { createAppStore } from '../store/createStore';
import {
  addTokenClosed,
  addTokenOpened,
  portfolioLoadStarted,
  portfolioShown,
  selectPortfolioLoading,
  uiSlice,
} from './uiSlice';

describe('ui slice', () => {
  it('starts with the add-token modal closed', () => {
    expect(uiSlice.reducer(undefined, { type: '@@init' })).toEqual({
      addTokenOpen: false,
      portfolioLoading: false,
    });
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

  it('holds non-critical code back only while a host is bringing the portfolio on screen', () => {
    const store = createAppStore();
    expect(selectPortfolioLoading(store.getState())).toBe(false);
    store.dispatch(portfolioLoadStarted());
    expect(selectPortfolioLoading(store.getState())).toBe(true);
    store.dispatch(portfolioShown());
    expect(selectPortfolioLoading(store.getState())).toBe(false);
  });
});
