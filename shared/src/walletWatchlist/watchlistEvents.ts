// The saved watchlist's event stream (GET /api/watchlist/events, docs/architecture.md#the-
// wallets-watchlist-on-the-server) as a saga channel: the browser's EventSource connects
// again by itself after a dropped connection (with Last-Event-ID); when it gives up (an
// HTTP error), the channel says so and ends.
import type { EventChannel } from 'redux-saga';
import * as v from 'valibot';
import { coreForSyncCode } from './coreHandover';
import {
  changesEventSchema,
  signedOutEventSchema,
  walletWatchlistSchema,
  type ChangesEvent,
  type SignedOutEvent,
  type WalletWatchlist,
} from './watchlistBodies';

const { END, eventChannel } = coreForSyncCode();

export type WatchlistEvent =
  | { type: 'open' }
  | { type: 'changes'; data: ChangesEvent }
  | { type: 'snapshot'; data: WalletWatchlist }
  | { type: 'deleted' }
  | { type: 'signedOut'; reason: SignedOutEvent['reason'] }
  /** The connection dropped; the browser is connecting again. */
  | { type: 'lost' }
  /** The stream was refused or gave up: open another later. The channel ends after it. */
  | { type: 'closed' };

/** The data of a server-sent event, through its door; null (and a warning) when it does not pass. */
function dataOf<T>(event: MessageEvent<unknown>, schema: v.GenericSchema<unknown, T>): T | null {
  try {
    const parsed = v.safeParse(schema, JSON.parse(String(event.data)));
    if (parsed.success) return parsed.output;
  } catch {
    // not JSON: reported below
  }
  console.warn(
    `[token-portfolio] ignored an unreadable '${event.type}' event of the saved watchlist`,
  );
  return null;
}

/** The events of the stream at `url`, until it is closed (the channel's close closes it). */
export function watchlistEvents(url: string): EventChannel<WatchlistEvent> {
  return eventChannel((emit) => {
    const source = new EventSource(url, { withCredentials: true });
    const on = (type: string, listener: (event: MessageEvent<unknown>) => void) =>
      source.addEventListener(type, listener as EventListener);
    source.onopen = () => emit({ type: 'open' });
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) {
        emit({ type: 'lost' });
        return;
      }
      emit({ type: 'closed' });
      emit(END);
    };
    on('changes', (event) => {
      const data = dataOf(event, changesEventSchema);
      if (data) emit({ type: 'changes', data });
    });
    on('snapshot', (event) => {
      const data = dataOf(event, walletWatchlistSchema);
      if (data) emit({ type: 'snapshot', data });
    });
    on('deleted', () => emit({ type: 'deleted' }));
    on('signed-out', (event) => {
      const data = dataOf(event, signedOutEventSchema);
      emit({ type: 'signedOut', reason: data?.reason ?? 'signed_out' });
      source.close();
      emit(END);
    });
    return () => source.close();
  });
}
