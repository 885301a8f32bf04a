import { MemorySessionStore } from './sessionStore';
import { SignedInSessions, type SessionEnd } from './signedInSessions';

const address = '0x3003E6f30919bDBF0C10fC3648f8A68746e23Ec6' as const;
const HOUR = 3_600_000;

let clock = Date.parse('2026-11-27T12:00:00Z');
let store: MemorySessionStore;
let sessions: SignedInSessions;

beforeEach(() => {
  store = new MemorySessionStore({ now: () => clock });
  sessions = new SignedInSessions({
    store,
    secret: 'a-test-secret-that-is-at-least-32-characters',
    now: () => clock,
    checkEveryMs: 20,
  });
});
afterEach(async () => {
  sessions.close();
  await store.close();
});

async function openSession(id: string, expiresAt = clock + HOUR) {
  await store.openSession(id, { address, chainId: 1 }, expiresAt);
  return { id, address, expiresAt };
}

const endOf = (id: string, expiresAt: number | null = clock + HOUR) =>
  new Promise<SessionEnd>((resolve) => sessions.watch({ id, address, expiresAt }, resolve));

test('a session the sign-in API ends ends its watchers at once', async () => {
  await openSession('a');
  const ended = endOf('a');
  sessions.ended('a');
  expect(await ended).toBe('signed_out');
});

test('a session closed elsewhere (another server) is noticed by the checks', async () => {
  await openSession('b');
  const ended = endOf('b');
  await store.closeSession('b');
  expect(await ended).toBe('signed_out');
});

test('a session past its expiry ends as expired', async () => {
  const session = await openSession('c', clock + HOUR);
  const ended = endOf('c', session.expiresAt);
  clock += HOUR;
  expect(await ended).toBe('expired');
});

test('a watcher that stopped hears nothing; other sessions go on', async () => {
  await openSession('d');
  await openSession('e');
  const heard: string[] = [];
  const stop = sessions.watch({ id: 'd', address, expiresAt: null }, () => heard.push('d'));
  sessions.watch({ id: 'e', address, expiresAt: null }, () => heard.push('e'));
  stop();
  sessions.ended('d');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(heard).toEqual([]);
});
