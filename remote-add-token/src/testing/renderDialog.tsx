import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createAppStore } from '@token-portfolio/shared';
import AddTokenDialog from '../dialog/AddTokenDialog';

/** The open dialog on a store of its own whose wishlist holds `watched`. */
export function renderDialog(watched: string[] = []) {
  const store = createAppStore({
    preloadedState: {
      wishlist: { ids: watched, entities: Object.fromEntries(watched.map((id) => [id, null])) },
      ui: { addTokenOpen: true, walletBalancesOpen: false, portfolioLoading: false },
    },
  });
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <AddTokenDialog />
    </Provider>,
  );
  return { store, user };
}
