import type { AppStore } from '@token-portfolio/shared';
import { addTokenSlice } from './addTokenSlice';
import { addTokenSaga } from './addTokenSagas';

/** Joins the page's one store; safe to call on every mount (both steps are idempotent). */
export function injectAddToken(store: AppStore): void {
  store.injectSlice(addTokenSlice);
  store.injectSaga('addToken', addTokenSaga);
}
