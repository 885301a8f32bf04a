// One page's event stream of its wallet's list: catch-up from the page's version, then every
// change as it is applied, on whichever server (docs/architecture.md#the-wallets-watchlist-on-the-server).
import type { Wallet, WalletEvent } from './storage';
import type { WalletWatchlists } from './walletWatchlists';

/** An event as the stream sends it (its data is JSON). */
export interface StreamEvent {
  event: 'changes' | 'snapshot' | 'deleted' | 'signed-out' | 'heartbeat';
  id?: number;
  data: object;
}

/**
 * Follows a wallet from the page's version `since`: listens first, then catches up, then
 * sends each applied request's changes once, in version order. A gap (an event lost while
 * this server's Redis connection was away, or a `resync`) is filled from the store; a page
 * behind more than the log (or at 0) gets the whole list. Resolves once listening and
 * caught up (rejects, listening no more, when the store cannot be reached).
 */
export async function followWallet(
  watchlists: WalletWatchlists,
  wallet: Wallet,
  since: number,
  send: (event: StreamEvent) => void,
): Promise<() => void> {
  let version = since;
  let stopped = false;
  let caughtUp!: () => void;
  /** What was heard waits for the first catch-up, then goes one step at a time, in order. */
  let queue = new Promise<void>((resolve) => (caughtUp = resolve));
  const then = (step: () => Promise<void> | void) => {
    queue = queue
      .then(() => (stopped ? undefined : step()))
      // The store failed to answer: the next event or resync tries again from `version`.
      .catch(() => {});
  };

  const catchUp = async () => {
    const caught = await watchlists.catchUp(wallet, version);
    if (stopped) return;
    if (caught.kind === 'snapshot') {
      version = caught.watchlist.version;
      send({ event: 'snapshot', id: version, data: caught.watchlist });
    } else if (caught.changes.length > 0) {
      version = caught.version;
      send({ event: 'changes', id: version, data: caught });
    }
  };

  const hear = (event: WalletEvent) =>
    then(() => {
      if (event.type === 'deleted') {
        version = 0;
        send({ event: 'deleted', data: {} });
        return;
      }
      if (event.type === 'resync') return catchUp();
      const changes = event.changes.filter((change) => change.version > version);
      if (changes.length === 0) return;
      if (changes[0]?.version !== version + 1) return catchUp();
      version = event.version;
      send({ event: 'changes', id: version, data: { version, changes } });
    });

  const unsubscribe = await watchlists.subscribe(wallet, hear);
  const stop = () => {
    stopped = true;
    unsubscribe();
  };
  try {
    // Failing here fails the request (the store cannot be reached): nothing was sent yet.
    await catchUp();
  } catch (error) {
    stop();
    throw error;
  } finally {
    caughtUp();
  }
  return stop;
}
