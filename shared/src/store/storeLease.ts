import { getStore, hasPageStore, forgetPageStore } from './getStore';
import { releaseMarketChoice } from '../market/settings';

/**
 * Widgets share the page's one store. A widget (mount() or the component form) that finds
 * no store creates it, and holds a lease on it with every other widget; when the last
 * lease ends the store's sagas stop and the store is dropped. A store made by a host
 * (getStore() outside a widget) is never dropped.
 */
let leases = 0;
let createdByWidgets = false;

/** The page's store, for a widget: one it creates is dropped with the last lease. */
export function widgetStore(): ReturnType<typeof getStore> {
  if (!hasPageStore()) createdByWidgets = true;
  return getStore();
}

export function leaseStore(): () => void {
  leases += 1;
  widgetStore();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    leases -= 1;
    // After the current task: React's StrictMode releases and leases again at once.
    queueMicrotask(() => {
      if (leases > 0 || !createdByWidgets) return;
      createdByWidgets = false;
      getStore().stopSagas();
      forgetPageStore();
      releaseMarketChoice();
    });
  };
}
