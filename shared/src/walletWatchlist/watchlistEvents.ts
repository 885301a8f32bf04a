// The saved watchlist's event stream (GET /api/watchlist/events, docs/architecture.md#the-
// wallets-watchlist-on-the-server) as a saga channel: the browser's EventSource connects
// again by itself after a dropped connection (with Last-Event-ID); when it gives up (an
// HTTP error), the channel says so and ends. A connection that went silent without dropping
// (a laptop that slept, a NAT or proxy that forgot it) never errors: after 2.5 heartbeats of
// silence the channel opens another, from the last version it got
// (docs/architecture.md#the-wallets-watchlist-in-the-page).
import type { EventChannel } from 'redux-saga';
import * as v from 'valibot';
import { coreForSyncCode } from './coreHandover';
import {
  STREAM_HEARTBEAT_MS,
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

/** Heartbeats a stream may miss before the page takes its connection for dead. */
const SILENT_HEARTBEATS = 2.5;

/**
 * The events of the stream at `eventsUrl(since)`, until it is closed (the channel's close
 * closes it). `heartbeatMs`: how often the server sends a heartbeat (shorter in tests).
 */
export function watchlistEvents(
  eventsUrl: (since: number) => string,
  since: number,
  heartbeatMs = STREAM_HEARTBEAT_MS,
): EventChannel<WatchlistEvent> {
  return eventChannel((emit) => {
    let version = since;
    let source: EventSource;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(silence);
      source.close();
    };
    /** Something came (or a connection began): the silence starts again. */
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        console.warn(
          '[token-portfolio] the saved watchlist’s stream went silent: connecting again',
        );
        stop();
        emit({ type: 'lost' });
        connect();
      }, heartbeatMs * SILENT_HEARTBEATS);
    };
    const on = (type: string, listener: (event: MessageEvent<unknown>) => void) =>
      source.addEventListener(type, ((event: MessageEvent<unknown>) => {
        heard();
        // What a new connection catches up from, as EventSource's own Last-Event-ID.
        if (/^\d+$/.test(event.lastEventId)) version = Number(event.lastEventId);
        listener(event);
      }) as EventListener);
    const connect = () => {
      source = new EventSource(eventsUrl(version), { withCredentials: true });
      heard();
      source.onopen = () => {
        heard();
        emit({ type: 'open' });
      };
      source.onerror = () => {
        if (source.readyState !== EventSource.CLOSED) {
          emit({ type: 'lost' });
          return;
        }
        stop();
        emit({ type: 'closed' });
        emit(END);
      };
      on('heartbeat', () => {});
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
        stop();
        emit(END);
      });
    };
    connect();
    return stop;
  });
}
