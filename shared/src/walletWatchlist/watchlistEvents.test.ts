// The page's event stream against a real HTTP server, read by a real EventSource (undici's,
// as the browser's): a stream that goes silent without closing is taken for dead and opened
// again from the last version; one that keeps sending heartbeats is kept.
import '../testing/coreHandedOver';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { END, type EventChannel } from 'redux-saga';
import { EventSource as UndiciEventSource } from 'undici';
import { watchlistEvents, type WatchlistEvent } from './watchlistEvents';

const HEARTBEAT_MS = 200;
const SILENCE_MS = HEARTBEAT_MS * 2.5;

interface StreamRequest {
  since: string | null;
  at: number;
  response: ServerResponse;
}

let server: Server;
let origin: string;
let requests: StreamRequest[];
let onStream: (request: StreamRequest) => void;
let channel: EventChannel<WatchlistEvent> | undefined;
let timers: ReturnType<typeof setInterval>[];
let warn: jest.SpyInstance;
const browserEventSource = globalThis.EventSource;

beforeAll(() => {
  // Node 20 has no EventSource of its own; the browser's is what the page uses.
  globalThis.EventSource = UndiciEventSource as unknown as typeof EventSource;
});
afterAll(() => {
  globalThis.EventSource = browserEventSource;
});

beforeEach(async () => {
  requests = [];
  timers = [];
  onStream = () => {};
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    response.flushHeaders();
    const stream = { since: url.searchParams.get('since'), at: Date.now(), response };
    requests.push(stream);
    onStream(stream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  channel?.close();
  channel = undefined;
  for (const timer of timers) clearInterval(timer);
  warn.mockRestore();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const open = (since: number) => {
  channel = watchlistEvents(
    (from) => `${origin}/api/watchlist/events?since=${from}`,
    since,
    HEARTBEAT_MS,
  );
  return channel;
};

/** The channel's events as they come. */
function collect(events: EventChannel<WatchlistEvent>): WatchlistEvent[] {
  const seen: WatchlistEvent[] = [];
  const next = () =>
    events.take((event) => {
      if (event.type === END.type) return;
      seen.push(event);
      next();
    });
  next();
  return seen;
}

const snapshot = (version: number) =>
  `event: snapshot\nid: ${version}\ndata: ${JSON.stringify({
    version,
    tokens: [{ id: 'bitcoin', holdings: String(version) }],
  })}\n\n`;

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

it('a stream silent for 2.5 heartbeats is opened again from the last version, not before', async () => {
  let lastWrite = 0;
  onStream = ({ response }) => {
    // The first stream sends the list, then goes silent without closing (half-open).
    if (requests.length === 1) {
      response.write(snapshot(3));
      lastWrite = Date.now();
    } else response.write(snapshot(4));
  };
  const seen = collect(open(0));
  await until(() => seen.some((event) => event.type === 'snapshot'));
  expect(requests).toHaveLength(1);

  await until(() => requests.length === 2);
  const again = requests[1];
  // The new stream catches up from the version the first one sent, as a reconnect does.
  expect(again?.since).toBe('3');
  // Timers fire no earlier than set; a millisecond of clock rounding either side.
  expect((again?.at ?? 0) - lastWrite).toBeGreaterThanOrEqual(SILENCE_MS - 2);
  await until(() => seen.filter((event) => event.type === 'snapshot').length === 2);
  expect(seen.filter((event) => event.type === 'snapshot')).toEqual([
    { type: 'snapshot', data: { version: 3, tokens: [{ id: 'bitcoin', holdings: '3' }] } },
    { type: 'snapshot', data: { version: 4, tokens: [{ id: 'bitcoin', holdings: '4' }] } },
  ]);
  expect(warn).toHaveBeenCalledTimes(1);
});

it('a quiet stream that sends heartbeats is kept', async () => {
  onStream = ({ response }) => {
    response.write(snapshot(1));
    timers.push(setInterval(() => response.write('event: heartbeat\ndata: {}\n\n'), HEARTBEAT_MS));
  };
  const seen = collect(open(0));
  await until(() => seen.some((event) => event.type === 'snapshot'));
  await new Promise((resolve) => setTimeout(resolve, SILENCE_MS * 3));
  expect(requests).toHaveLength(1);
  expect(seen.map((event) => event.type)).toEqual(['open', 'snapshot']);
  expect(warn).not.toHaveBeenCalled();
});
