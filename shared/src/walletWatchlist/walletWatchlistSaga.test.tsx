// The wallet's watchlist in the page, with the store and its sagas real, the browser's real
// (jsdom) localStorage, and a server that answers as the contract says (watchlistBodies.ts): per-token
// changes applied once per changeId, versions, missed changes, the cap, 401 and failures.
import '../testing/coreHandedOver';
import { channel, type Channel, type EventChannel } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { WISHLIST_STORAGE_KEY } from '../persistence/storageKeys';
import { serializeSavedWishlist } from '../persistence/savedWishlist';
import { sampleWishlist } from '../persistence/sampleWishlist';
import { loadInitialWishlist, type InitialWishlist } from '../persistence/initialState';
import { sessionConfirmed, sessionEnded } from '../session/sessionSlice';
import { createAppStore, type AppStore } from '../store/createStore';
import { addId, removeId, updateHoldings, WATCHLIST_CAP } from '../wishlist/wishlistSlice';
import { applyChange, type Token } from './listChanges';
import { listOwnerSaga } from './listOwnerSaga';
import { signOutRequested, syncQuestionAnswered } from './syncSlice';
import type { SyncServices } from './syncWatchers';
import { walletCopyKey, WALLET_STORAGE_PREFIX } from './walletKeys';
import { walletWatchlistSaga } from './walletWatchlistSaga';
import type { Answer } from './watchlistApi';
import type { WatchlistEvent } from './watchlistEvents';
import type {
  AppliedChange,
  ChangeRequest,
  ChangesAnswer,
  WalletWatchlist,
} from './watchlistBodies';

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as const;

/** The contract's words for a store that cannot be reached (the server's `unavailable` answer). */
const STORE_DOWN =
  'Your saved watchlist cannot be reached right now; changes are kept on this device.';

/** The contract's server for one wallet, in memory. */
class ContractServer {
  version = 0;
  tokens: Token[] = [];
  log: AppliedChange[] = [];
  seen = new Map<string, number>();
  reachable = true;
  /** The store behind the server cannot be reached: it answers 503 `unavailable`. */
  storeDown = false;
  signedIn = true;
  requests: ChangeRequest[] = [];
  streams: Channel<WatchlistEvent>[] = [];

  private refusal<T>(): Answer<T> | null {
    if (!this.signedIn) return { ok: false, kind: 'signedOut' };
    if (!this.reachable) {
      return { ok: false, kind: 'unreachable', message: 'Failed to fetch', retryAfterMs: null };
    }
    if (this.storeDown) {
      return { ok: false, kind: 'unavailable', message: STORE_DOWN, retryAfterMs: null };
    }
    return null;
  }

  read = async (): Promise<Answer<WalletWatchlist>> =>
    this.refusal() ?? { ok: true, value: { version: this.version, tokens: [...this.tokens] } };

  send = async (request: ChangeRequest): Promise<Answer<ChangesAnswer>> => {
    const refused = this.refusal<ChangesAnswer>();
    if (refused) return refused;
    this.requests.push(request);
    const present = new Set(this.tokens.map(({ id }) => id));
    const added = request.changes.filter(
      (change) =>
        change.kind === 'add' && !present.has(change.id) && !this.seen.has(change.changeId),
    ).length;
    if (this.tokens.length + added > WATCHLIST_CAP) {
      return { ok: false, kind: 'full', room: WATCHLIST_CAP - this.tokens.length };
    }
    const results: ChangesAnswer['results'] = [];
    const applied: AppliedChange[] = [];
    for (const change of request.changes) {
      const earlier = this.seen.get(change.changeId);
      if (earlier !== undefined) {
        results.push({ changeId: change.changeId, status: 'duplicate', version: earlier });
        continue;
      }
      this.version += 1;
      applyChange(this.tokens, change);
      this.seen.set(change.changeId, this.version);
      const entry = { version: this.version, deviceId: request.deviceId, change };
      this.log.push(entry);
      applied.push(entry);
      results.push({ changeId: change.changeId, status: 'applied', version: this.version });
    }
    const missed = this.log.filter(
      (entry) =>
        entry.version > request.baseVersion &&
        entry.deviceId !== request.deviceId &&
        !applied.includes(entry),
    );
    if (applied.length > 0) this.publish(applied);
    return { ok: true, value: { version: this.version, results, missed } };
  };

  remove = async (): Promise<Answer<null>> => {
    const refused = this.refusal<null>();
    if (refused) return refused;
    this.version = 0;
    this.tokens = [];
    this.log = [];
    for (const stream of this.streams) stream.put({ type: 'deleted' });
    return { ok: true, value: null };
  };

  /** The sign-in ends on the server (Sign out elsewhere, or its 7 days are up): streamed. */
  endSession(reason: 'signed_out' | 'expired') {
    this.signedIn = false;
    for (const stream of this.streams) stream.put({ type: 'signedOut', reason });
  }

  /** Another device's change, applied and streamed. */
  applyFromElsewhere(change: AppliedChange['change']) {
    this.version += 1;
    applyChange(this.tokens, change);
    const entry = { version: this.version, deviceId: crypto.randomUUID(), change };
    this.log.push(entry);
    this.publish([entry]);
  }

  private publish(changes: AppliedChange[]) {
    const version = changes.at(-1)?.version ?? this.version;
    for (const stream of this.streams) stream.put({ type: 'changes', data: { version, changes } });
  }

  events = (): EventChannel<WatchlistEvent> => {
    const stream = channel<WatchlistEvent>();
    this.streams.push(stream);
    return {
      take: (callback) => stream.take(callback),
      flush: (callback) => stream.flush(callback),
      close: () => {
        this.streams = this.streams.filter((open) => open !== stream);
        stream.close();
      },
    };
  };
}

interface Page {
  store: AppStore;
  server: ContractServer;
  online: Channel<true>;
}

/** What a page's sync reaches: this server, an auth API saying `signedInAtLoad` (null: nobody). */
function pageServices(
  server: ContractServer,
  signedInAtLoad: string | null = WALLET,
  online = channel<true>(),
): SyncServices {
  return {
    api: { read: server.read, send: server.send, remove: server.remove, eventsUrl: () => '' },
    events: server.events,
    newId: () => crypto.randomUUID(),
    signInAtLoad: async () => signedInAtLoad,
    currentSignIn: async () => (server.signedIn ? WALLET : null),
    signOut: async () => {
      server.signedIn = false;
    },
    online: () => ({
      take: (callback) => online.take(callback),
      flush: (callback) => online.flush(callback),
      close: () => undefined,
    }),
  };
}

/** A page whose auth API says `signedInAtLoad` is signed in (null: nobody). */
function openPage(server: ContractServer, signedInAtLoad: string | null = WALLET): Page {
  const online = channel<true>();
  const services = pageServices(server, signedInAtLoad, online);
  const initial = loadInitialWishlist();
  const store = createAppStore({
    preloadedState: { wishlist: { ids: initial.saved.ids, entities: initial.saved.entities } },
    *rootSaga() {
      // The first paint's owner hands the list to the saved watchlist's code at once.
      yield call(
        listOwnerSaga,
        {
          walletWanted: async () => undefined,
          walletListOwner: async () => (own: InitialWishlist) => walletWatchlistSaga(services, own),
        },
        initial,
      );
    },
  });
  return { store, server, online };
}

const ids = (page: Page) => page.store.getState().wishlist.ids;
const status = (page: Page) => page.store.getState().sync?.status;
const notices = (page: Page) => page.store.getState().sync?.notices.map(({ notice }) => notice);
const walletKeys = () =>
  Object.keys(localStorage).filter((key) => key.startsWith(WALLET_STORAGE_PREFIX));

/** Waits until `check` passes (the sagas answer in microtasks and timers). */
async function until(check: () => void, timeoutMs = 2_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** The browser's own list: the five samples, one of them edited by the visitor. */
function ownListWithEdit() {
  const samples = sampleWishlist();
  const entities = { ...samples.entities };
  const solana = entities.solana;
  if (solana) entities.solana = { ...solana, holdings: '25' };
  localStorage.setItem(
    WISHLIST_STORAGE_KEY,
    serializeSavedWishlist({ ...samples, entities, edits: { solana: Date.now() } }),
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(
    WISHLIST_STORAGE_KEY,
    serializeSavedWishlist({ ...sampleWishlist(), edits: {} }),
  );
});

test('signed in, the wallet’s list shows (not the samples) and each edit reaches the server as a change', async () => {
  const server = new ContractServer();
  server.tokens = [{ id: 'bitcoin', holdings: '0.5' }];
  server.version = 1;
  const page = openPage(server);
  await until(() => expect(ids(page)).toEqual(['bitcoin']));
  await until(() => expect(status(page)).toBe('saved'));
  expect(notices(page)).toContainEqual({ kind: 'firstSync' });

  page.store.dispatch(addId('ethereum'));
  page.store.dispatch(updateHoldings({ id: 'bitcoin', holdings: '0.75' }));
  await until(() =>
    expect(server.tokens).toEqual([
      { id: 'bitcoin', holdings: '0.75' },
      { id: 'ethereum', holdings: '0' },
    ]),
  );
  await until(() => expect(status(page)).toBe('saved'));
  expect(server.requests[0]?.baseVersion).toBe(1);
  // The browser's own list is untouched.
  expect(JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '{}').ids).toEqual(
    sampleWishlist().ids,
  );
});

test('edits made while the server cannot be reached wait on this device, then are sent once', async () => {
  const server = new ContractServer();
  const page = openPage(server);
  await until(() => expect(status(page)).toBe('saved'));
  server.reachable = false;
  page.store.dispatch(addId('bitcoin'));
  page.store.dispatch(removeId('bitcoin'));
  page.store.dispatch(addId('cardano'));
  await until(() => expect(status(page)).toBe('waiting'));
  expect(page.store.getState().sync?.unsent).toBe(3);
  const copy = JSON.parse(localStorage.getItem(walletCopyKey(WALLET)) ?? '{}');
  expect(copy.pending).toHaveLength(3);

  server.reachable = true;
  page.online.put(true);
  await until(() => expect(status(page)).toBe('saved'));
  expect(server.tokens).toEqual([{ id: 'cardano', holdings: '0' }]);
  expect(server.seen.size).toBe(3);
});

test('another device’s change shows from the event stream', async () => {
  const server = new ContractServer();
  const page = openPage(server);
  await until(() => expect(status(page)).toBe('saved'));
  server.applyFromElsewhere({
    changeId: crypto.randomUUID(),
    kind: 'add',
    id: 'tron',
    holdings: '3',
    after: null,
  });
  await until(() => expect(ids(page)).toEqual(['tron']));
  expect(page.store.getState().wishlist.entities.tron).toMatchObject({ holdings: '3' });
  // Shown from the server: nothing is sent back.
  expect(server.requests).toHaveLength(0);
});

test('the sign-in ending brings back the browser’s own list, removes the wallet’s copy and says why', async () => {
  const server = new ContractServer();
  server.tokens = [{ id: 'bitcoin', holdings: '1' }];
  server.version = 1;
  const page = openPage(server);
  await until(() => expect(ids(page)).toEqual(['bitcoin']));
  page.store.dispatch(sessionEnded({ reason: 'disconnected' }));
  await until(() => expect(ids(page)).toEqual(sampleWishlist().ids));
  expect(walletKeys()).toEqual([]);
  expect(notices(page)).toContainEqual({
    kind: 'sessionEnded',
    reason: 'disconnected',
    discarded: 0,
  });
});

test.each([
  ['its 7 days are up', 'expired', 'expired'],
  ['it is signed out on another page or device', 'signed_out', 'endedElsewhere'],
] as const)(
  'a sign-in that ends on the server because %s brings back the browser’s own list and says why',
  async (_, reason, shown) => {
    const server = new ContractServer();
    server.tokens = [{ id: 'bitcoin', holdings: '1' }];
    server.version = 1;
    const page = openPage(server);
    await until(() => expect(ids(page)).toEqual(['bitcoin']));
    await until(() => expect(server.streams).toHaveLength(1));
    server.endSession(reason);
    await until(() => expect(ids(page)).toEqual(sampleWishlist().ids));
    expect(walletKeys()).toEqual([]);
    expect(notices(page)).toContainEqual({ kind: 'sessionEnded', reason: shown, discarded: 0 });
  },
);

test('a wallet’s copy is never shown before the auth API confirms that wallet', async () => {
  const server = new ContractServer();
  const first = openPage(server);
  await until(() => expect(status(first)).toBe('saved'));
  first.store.dispatch(addId('bitcoin'));
  await until(() => expect(server.tokens).toEqual([{ id: 'bitcoin', holdings: '0' }]));
  expect(walletKeys()).not.toEqual([]);

  // The next page opens with nobody signed in (the session ended meanwhile).
  server.signedIn = false;
  const next = openPage(server, null);
  await until(() => expect(next.store.getState().session.known).toBe(true));
  expect(ids(next)).toEqual(sampleWishlist().ids);
  expect(walletKeys()).toEqual([]);
  expect(notices(next)).toContainEqual({
    kind: 'sessionEnded',
    reason: 'endedElsewhere',
    discarded: 0,
  });
});

test('a first sign-in with a list of its own asks before merging; Add sends only what the visitor changed', async () => {
  ownListWithEdit();
  const server = new ContractServer();
  server.tokens = [{ id: 'bitcoin', holdings: '1' }];
  server.version = 1;
  const page = openPage(server);
  await until(() => expect(page.store.getState().sync?.question).not.toBeNull());
  expect(page.store.getState().sync?.question?.tokens).toEqual([
    expect.objectContaining({ id: 'solana', here: '25', saved: null }),
  ]);
  expect(server.requests).toHaveLength(0);
  page.store.dispatch(syncQuestionAnswered({ add: true }));
  await until(() =>
    expect(server.tokens).toEqual([
      { id: 'bitcoin', holdings: '1' },
      { id: 'solana', holdings: '25' },
    ]),
  );
  expect(ids(page)).toEqual(['bitcoin', 'solana']);
});

test('Keep separate merges nothing, and the question is not asked again on this browser', async () => {
  ownListWithEdit();
  const server = new ContractServer();
  const page = openPage(server);
  await until(() => expect(page.store.getState().sync?.question).not.toBeNull());
  page.store.dispatch(syncQuestionAnswered({ add: false }));
  await until(() => expect(status(page)).toBe('saved'));
  expect(server.tokens).toEqual([]);
  page.store.dispatch(sessionConfirmed({ address: WALLET }));
  expect(page.store.getState().sync?.question).toBeNull();
});

test('signed out, the saved watchlist’s code is not fetched; a sign-in fetches it and the wallet’s list shows', async () => {
  const server = new ContractServer();
  server.tokens = [{ id: 'bitcoin', holdings: '1' }];
  server.version = 1;
  let fetched = 0;
  const initial = loadInitialWishlist();
  const store = createAppStore({
    preloadedState: { wishlist: { ids: initial.saved.ids, entities: initial.saved.entities } },
    *rootSaga() {
      yield call(
        listOwnerSaga,
        {
          walletWanted: () => new Promise<void>(() => undefined), // nobody signed in at load
          walletListOwner: async () => {
            fetched += 1;
            return (own: InitialWishlist) => walletWatchlistSaga(pageServices(server), own);
          },
        },
        initial,
      );
    },
  });
  // Signed out, the browser's own list is saved as always.
  store.dispatch(removeId('bitcoin'));
  store.dispatch(addId('tron'));
  await until(() =>
    expect(JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? '{}').ids).toContain('tron'),
  );
  expect(fetched).toBe(0);

  store.dispatch(sessionConfirmed({ address: WALLET }));
  await until(() => expect(store.getState().wishlist.ids).toEqual(['bitcoin']));
  expect(fetched).toBe(1);
  store.dispatch(sessionEnded({ reason: 'signedOut' }));
  await until(() => expect(store.getState().wishlist.ids).toContain('tron'));
});

test('a server whose store cannot be reached: edits stay on this device, its words are shown (not “will sync”), then they are sent', async () => {
  const server = new ContractServer();
  const page = openPage(server);
  await until(() => expect(status(page)).toBe('saved'));
  server.storeDown = true;
  page.store.dispatch(addId('bitcoin'));
  await until(() => expect(status(page)).toBe('waiting'));
  expect(page.store.getState().sync?.problem).toBe(STORE_DOWN);
  expect(server.requests).toHaveLength(0);
  expect(JSON.parse(localStorage.getItem(walletCopyKey(WALLET)) ?? '{}').pending).toHaveLength(1);

  server.storeDown = false;
  page.online.put(true);
  await until(() => expect(status(page)).toBe('saved'));
  expect(page.store.getState().sync?.problem).toBeNull();
  expect(server.tokens).toEqual([{ id: 'bitcoin', holdings: '0' }]);
});

test('the saved watchlist’s Sign out with changes not sent: the server’s session ends, the changes are counted as discarded', async () => {
  const server = new ContractServer();
  const page = openPage(server);
  await until(() => expect(status(page)).toBe('saved'));
  server.reachable = false;
  page.store.dispatch(addId('bitcoin'));
  page.store.dispatch(addId('cardano'));
  await until(() => expect(page.store.getState().sync?.unsent).toBe(2));

  page.store.dispatch(signOutRequested());
  await until(() => expect(ids(page)).toEqual(sampleWishlist().ids));
  expect(notices(page)).toContainEqual({ kind: 'sessionEnded', reason: 'signedOut', discarded: 2 });
  expect(page.store.getState().session.address).toBeNull();
  expect(server.signedIn).toBe(false);
  expect(walletKeys()).toEqual([]);
  expect(server.tokens).toEqual([]);
});

test('a change is sent with the version the list showed when it was made, not the one heard of since', async () => {
  const server = new ContractServer();
  server.tokens = [{ id: 'bitcoin', holdings: '1' }];
  server.version = 1;
  const page = openPage(server);
  await until(() => expect(status(page)).toBe('saved'));
  server.reachable = false;
  page.store.dispatch(updateHoldings({ id: 'bitcoin', holdings: '4' }));
  await until(() => expect(status(page)).toBe('waiting'));

  // Another device's change reaches this page before its own change reaches the server.
  server.applyFromElsewhere({ changeId: crypto.randomUUID(), kind: 'remove', id: 'bitcoin' });
  await until(() => expect(server.version).toBe(2));
  await until(() =>
    expect(JSON.parse(localStorage.getItem(walletCopyKey(WALLET)) ?? '{}').server.version).toBe(2),
  );
  // A change made on top of it goes in a request of its own.
  page.store.dispatch(addId('cardano'));

  server.reachable = true;
  page.online.put(true);
  await until(() => expect(status(page)).toBe('saved'));
  expect(
    server.requests.map(({ baseVersion, changes }) => [
      baseVersion,
      changes.map(({ kind, id }) => `${kind} ${id}`),
    ]),
  ).toEqual([
    [1, ['holdings bitcoin']],
    [2, ['add cardano']],
  ]);
  expect(server.tokens).toEqual([
    { id: 'bitcoin', holdings: '4' },
    { id: 'cardano', holdings: '0' },
  ]);
});

test('changes saved on this device before they kept their version are loaded and sent, with the copy’s version', async () => {
  const server = new ContractServer();
  server.tokens = [
    { id: 'bitcoin', holdings: '1' },
    { id: 'tron', holdings: '5' },
  ];
  server.version = 2;
  server.log = [];
  const edit = crypto.randomUUID();
  const changeId = crypto.randomUUID();
  localStorage.setItem(
    walletCopyKey(WALLET),
    JSON.stringify({
      deviceId: crypto.randomUUID(),
      server: { version: 1, tokens: [{ id: 'bitcoin', holdings: '1' }] },
      pending: [
        {
          change: { changeId, kind: 'holdings', id: 'bitcoin', holdings: '3' },
          edit,
          applied: null,
        },
      ],
      settled: true,
    }),
  );
  const page = openPage(server);
  await until(() => expect(status(page)).toBe('saved'));
  expect(server.requests).toEqual([
    expect.objectContaining({
      baseVersion: 1,
      changes: [{ changeId, kind: 'holdings', id: 'bitcoin', holdings: '3' }],
    }),
  ]);
  expect(server.tokens).toEqual([
    { id: 'bitcoin', holdings: '3' },
    { id: 'tron', holdings: '5' },
  ]);
  await until(() => expect(ids(page)).toEqual(['bitcoin', 'tron']));
});
