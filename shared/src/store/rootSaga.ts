import { call, spawn, take } from 'redux-saga/effects';
import { preloadMarketHttp } from '../market/client';
import type { InitialWishlist } from '../persistence/initialState';
import { priceSaga } from '../prices/priceSaga';
import { portfolioShown } from '../ui/uiSlice';
import { browserListOwnerServices, listOwnerSaga } from '../walletWatchlist/listOwnerSaga';

/**
 * The market client's HTTP part, once a host's portfolio is on screen: the first prices
 * came without it, and the next market call (the Add Token modal, a refresh) then waits
 * for no script. A page without a host loads it with its first call.
 */
function* marketClientAfterFirstPaint() {
  yield take(portfolioShown.type);
  yield call(preloadMarketHttp);
}

/**
 * The shared root saga: the list's owner and its saving (the browser's own list, or the
 * signed-in wallet's), and watched prices. Children are spawned, so one that fails does not
 * stop the others.
 */
export function* rootSaga(initial: InitialWishlist) {
  yield spawn(listOwnerSaga, browserListOwnerServices(), initial);
  yield spawn(priceSaga);
  yield spawn(marketClientAfterFirstPaint);
}
