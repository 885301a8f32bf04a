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
