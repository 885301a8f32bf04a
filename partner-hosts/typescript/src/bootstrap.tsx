import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote } from '@module-federation/enhanced/runtime';

// Typed by the remotes' type hints (@mf-types/): the component's props and mount()'s options.
const Watchlist = lazy(async () => {
  const watchlist = await loadRemote('watchlist/Watchlist');
  if (!watchlist) throw new Error('The watchlist remote did not load.');
  return watchlist;
});

const gateway = new URL('api/market', TOKEN_PORTFOLIO_SERVER).href;

const root = document.createElement('main');
const summarySlot = document.createElement('section');
document.body.append(root, summarySlot);

createRoot(root).render(
  <Suspense fallback="Loading…">
    <Watchlist market={{ baseUrl: gateway }} colorScheme="dark" theme={{ accent: '#ffd60a' }} />
  </Suspense>,
);

void loadRemote('summary/mount').then((summary) => {
  const unmount = summary?.default(summarySlot, { market: { baseUrl: gateway } });
  window.addEventListener('pagehide', () => unmount?.(), { once: true });
});
