import { getStore, hasPageStore, forgetPageStore } from './getStore';

/**
 * Embedded widgets share the page's one store. A widget that finds no store creates it
 * and holds a lease on it with every other embedded widget; when the last lease ends the
 * store's sagas stop and the store is dropped. A store made by a host (getStore() without
 * a lease) is never dropped.
 */
let leases = 0;
let createdByLease = false;

export function leaseStore(): () => void {
  if (leases === 0 && !hasPageStore()) createdByLease = true;
  leases += 1;
  getStore();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    leases -= 1;
    if (leases === 0 && createdByLease) {
      createdByLease = false;
      getStore().stopSagas();
      forgetPageStore();
    }
  };
}
