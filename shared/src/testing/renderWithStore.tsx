import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import type { UnknownAction } from 'redux';
import { takeEvery } from 'redux-saga/effects';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createAppStore, type AppStore, type RootState } from '../store/createStore';

/**
 * Renders a widget or part of one under a real store of its own, started from this state
 * (none of the shared sagas run: a test starts what it needs). `actions` lists what was
 * dispatched: the only way remotes speak to each other.
 */
interface Rendered extends RenderResult {
  store: AppStore;
  user: UserEvent;
  actions: UnknownAction[];
}

export function renderWithStore(ui: ReactElement, state: Partial<RootState> = {}): Rendered {
  const actions: UnknownAction[] = [];
  const store = createAppStore({
    preloadedState: state,
    *rootSaga() {
      yield takeEvery('*', (action: UnknownAction) => {
        actions.push(action);
      });
    },
  });
  const user = userEvent.setup();
  return { store, user, actions, ...render(<Provider store={store}>{ui}</Provider>) };
}
