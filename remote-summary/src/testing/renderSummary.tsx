import { coinRecord } from '@token-portfolio/shared/fixtures';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import {
  createAppStore,
  type AppStore,
  type LoadedCoin,
  type WishlistState,
} from '@token-portfolio/shared';
import { SummaryCard } from '../components/SummaryCard/SummaryCard';

/** A watched coin as the store holds it after prices arrived. */
export function watchedCoin(
  id: string,
  value: number | null,
  extra: Partial<LoadedCoin> = {},
): LoadedCoin {
  return {
    ...coinRecord({ id }),
    name: id[0]?.toUpperCase() + id.slice(1),
    symbol: id.slice(0, 3),
    current_price: 1,
    holdings: String(value ?? 0),
    value,
    last_updated: '2025-10-15T12:00:00.000Z',
    ...extra,
  };
}

export function wishlistOf(coins: LoadedCoin[]): WishlistState {
  return {
    ids: coins.map((coin) => coin.id ?? ''),
    entities: Object.fromEntries(coins.map((coin) => [coin.id ?? '', coin])),
  };
}

/** The summary card on a real store holding these coins. */
export function renderSummary(coins: LoadedCoin[]): RenderResult & { store: AppStore } {
  const store = createAppStore({ preloadedState: { wishlist: wishlistOf(coins) } });
  return {
    store,
    ...render(
      <Provider store={store}>
        <SummaryCard />
      </Provider>,
    ),
  };
}
