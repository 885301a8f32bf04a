import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import type { UnknownAction } from 'redux';
import { takeEvery } from 'redux-saga/effects';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createAppStore, type AppStore, type WishlistState } from '@token-portfolio/shared';

/**
 * Renders a widget part under a real store that starts from this wishlist. `actions`
 * lists what the part dispatched: the only way remotes speak to each other.
 */
interface Rendered extends RenderResult {
  store: AppStore;
  user: UserEvent;
  actions: UnknownAction[];
}

export function renderWithStore(ui: ReactElement, wishlist: WishlistState): Rendered {
  const actions: UnknownAction[] = [];
  const store = createAppStore({
    preloadedState: { wishlist },
    *rootSaga() {
      yield takeEvery('*', (action: UnknownAction) => {
        actions.push(action);
      });
    },
  });
  const user = userEvent.setup();
  return { store, user, actions, ...render(<Provider store={store}>{ui}</Provider>) };
}
