import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { SessionInfo } from './authApi';
import { createSiweAdapter } from './siweAdapter';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const signedIn: SessionInfo = { address: '0x3003E6f30919bDBF0C10fC3648f8A68746e23Ec6', chainId: 1 };
const signedOut: SessionInfo = { address: null, chainId: null };

/** Signs out through the adapter; returns the sessions it reported and the warnings logged. */
async function signOutWith(logout: () => Response) {
  server.use(http.post('*/api/auth/logout', logout));
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const sessions: SessionInfo[] = [signedIn];
  await createSiweAdapter((session) => sessions.push(session)).signOut();
  return { session: sessions.at(-1), warnings: warn.mock.calls };
}

test('signing out ends the session on the page', async () => {
  const { session, warnings } = await signOutWith(() => HttpResponse.json(signedOut));
  expect(session).toEqual(signedOut);
  expect(warnings).toEqual([]);
});

test.each([
  ['the server fails', () => HttpResponse.json({ error: 'oops' }, { status: 500 })],
  ['the network fails', () => HttpResponse.error()],
])('when %s the page is still signed out, with a warning', async (_name, logout) => {
  const { session, warnings } = await signOutWith(logout);
  expect(session).toEqual(signedOut);
  expect(warnings).toEqual([
    [expect.stringContaining('could not end the sign-in session'), expect.any(Error)],
  ]);
});

test.each([
  ['the connection closed under it', () => HttpResponse.error()],
  ['our proxy found the server closing (502)', () => new HttpResponse(null, { status: 502 })],
])('a POST that met a restarting server is sent once more: %s', async (_name, closing) => {
  let sent = 0;
  server.use(
    http.post('*/api/auth/verify', () => {
      sent += 1;
      return sent === 1 ? closing() : HttpResponse.json(signedIn);
    }),
  );
  const sessions: SessionInfo[] = [];
  const verified = await createSiweAdapter((session) => sessions.push(session)).verify({
    message: 'a signed message',
    signature: '0x00',
  });
  expect(verified).toBe(true);
  expect(sent).toBe(2);
  expect(sessions).toEqual([signedIn]);
});

test('a nonce refused for now (429) is asked for again when the server says, and the wait is told', async () => {
  let asked = 0;
  server.use(
    http.get('*/api/auth/nonce', () => {
      asked += 1;
      return asked === 1
        ? HttpResponse.json(
            {
              error: 'too_many_attempts',
              message: 'Too many sign-in attempts from your network; try again in 1 s.',
            },
            { status: 429, headers: { 'retry-after': '1' } },
          )
        : HttpResponse.json({ nonce: 'abcdef1234567890' });
    }),
  );
  const waits: (number | null)[] = [];
  const started = Date.now();
  const nonce = await createSiweAdapter(
    () => {},
    (until) => waits.push(until),
  ).getNonce();
  expect(nonce).toBe('abcdef1234567890');
  expect(asked).toBe(2);
  expect(waits).toHaveLength(2);
  expect(waits[0]).toBeGreaterThanOrEqual(started + 1000);
  expect(waits[1]).toBeNull();
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
});

test('any other failure of the nonce is RainbowKit’s to report', async () => {
  server.use(http.get('*/api/auth/nonce', () => HttpResponse.json({}, { status: 503 })));
  await expect(createSiweAdapter(() => {}).getNonce()).rejects.toThrow('503');
});
