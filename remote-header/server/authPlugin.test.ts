import { webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { sealData } from 'iron-session';
import { defaults as ironDefaults, seal } from 'iron-webcrypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { authPlugin, type AuthPluginOptions } from './authPlugin';
import { NONCE_TTL_MS, SESSION_COOKIE, SESSION_TTL_MS } from './sessionCookie';
import { RedisSessionStore } from './redisSessionStore';
import { MemorySessionStore } from './sessionStore';
import {
  startRedisServer,
  type RunningRedis,
} from '@token-portfolio/shared/server/testing/redisServer';

// A throwaway key made for these tests; it guards nothing real.
const account = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaa0d06b14e4f9e2b',
);
const secret = 'a-test-secret-that-is-at-least-32-characters';

let clock = Date.parse('2026-01-01T12:00:00Z');
let app: FastifyInstance;
let origin: string;
let host: string;

async function startServer(
  fastifyOptions: FastifyServerOptions = {},
  pluginOptions: Partial<AuthPluginOptions> = {},
) {
  app = Fastify(fastifyOptions);
  await app.register(authPlugin, {
    prefix: '/api/auth',
    secret,
    localChain: true,
    now: () => clock,
    // Every test visitor is 127.0.0.1: the limits are tried in their own tests.
    noncesPerVisitorPerMinute: 100_000,
    signInsPerVisitorPerHour: 100_000,
    ...pluginOptions,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  origin = `http://${host}`;
}

beforeEach(() => startServer());
afterEach(() => app.close());

interface Cookie {
  value: string;
  attributes: string[];
}

/** The session cookie a response sets, if any. */
function sessionCookie(response: Response): Cookie | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const [name, value = ''] = pair.split('=');
    if (name === SESSION_COOKIE)
      return { value, attributes: attributes.map((a) => a.toLowerCase()) };
  }
  return undefined;
}

const call = (path: string, init: RequestInit = {}, cookie?: Cookie) =>
  fetch(`${origin}/api/auth/${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie.value}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });

/** A visitor's cookie jar: keeps the session cookie each response sets. */
class Browser {
  cookie: Cookie | undefined;

  async call(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await call(path, init, this.cookie);
    this.cookie = sessionCookie(response) ?? this.cookie;
    return response;
  }

  async fetchNonce(): Promise<string> {
    return ((await (await this.call('nonce')).json()) as { nonce: string }).nonce;
  }
}

/** The visitor most tests act as (a fresh one per test). */
let browser: Browser;
beforeEach(() => {
  browser = new Browser();
});

async function fetchNonce(): Promise<string> {
  return new Browser().fetchNonce();
}

async function signedMessage(
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  from: Browser = browser,
) {
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: host,
    nonce: await from.fetchNonce(),
    uri: `${origin}/`,
    version: '1',
    issuedAt: new Date(clock),
    ...overrides,
  });
  return { message, signature: await account.signMessage({ message }) };
}

const verify = (payload: unknown, headers: Record<string, string> = {}, as: Browser = browser) =>
  as.call('verify', {
    method: 'POST',
    body: payload === undefined ? '' : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

async function sessionOf(cookie: Cookie | undefined) {
  return (await (await call('session', {}, cookie)).json()) as {
    address: string | null;
    chainId: number | null;
  };
}

test('a valid signature signs in: the session cookie names the address', async () => {
  const response = await verify(await signedMessage());
  expect(response.status).toBe(200);
  const cookie = sessionCookie(response);
  expect(cookie?.attributes).toEqual(
    expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
  );
  expect(cookie?.attributes).not.toContain('secure');
  expect(await sessionOf(cookie)).toEqual({ address: account.address, chainId: 31337 });
});

test('without a cookie there is no session', async () => {
  expect(await sessionOf(undefined)).toEqual({ address: null, chainId: null });
});

test('logout ends the session', async () => {
  const cookie = sessionCookie(await verify(await signedMessage()));
  const logout = await call('logout', { method: 'POST' }, cookie);
  expect(logout.status).toBe(200);
  expect(await sessionOf(sessionCookie(logout))).toEqual({ address: null, chainId: null });
});

test('the cookie is Secure when the site is served over https', async () => {
  await app.close();
  await startServer({ trustProxy: true });
  const response = await verify(await signedMessage(), { 'x-forwarded-proto': 'https' });
  expect(sessionCookie(response)?.attributes).toContain('secure');
});

test('a nonce stays valid however many nonces other visitors request', async () => {
  const payload = await signedMessage();
  // (A server-wide pool would have to drop some nonces under such a flood.)
  for (let batch = 0; batch < 10; batch++) {
    await Promise.all(Array.from({ length: 100 }, () => fetchNonce()));
  }
  expect((await verify(payload)).status).toBe(200);
}, 60_000); // a thousand requests: seconds, more on a loaded machine

test('nonces are distinct and never cached', async () => {
  const response = await call('nonce');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await fetchNonce()).not.toBe(((await response.json()) as { nonce: string }).nonce);
});

describe('rejected sign-ins get a 4xx JSON error and no session', () => {
  async function expectRejected(
    payload: unknown,
    status: number,
    error?: string,
    as: Browser = browser,
  ) {
    const response = await verify(payload, {}, as);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    if (error) expect(await response.json()).toMatchObject({ error });
    expect(await sessionOf(sessionCookie(response))).toEqual({ address: null, chainId: null });
  }

  test('a reused nonce (replay), even with a copy of the cookie taken after /nonce', async () => {
    const payload = await signedMessage();
    const copy = new Browser();
    copy.cookie = browser.cookie;
    expect((await verify(payload)).status).toBe(200);
    await expectRejected(payload, 401, 'invalid_nonce', copy);
  });

  test('a nonce issued to another visitor', async () => {
    const other = new Browser();
    const payload = await signedMessage({}, other);
    await browser.fetchNonce();
    await expectRejected(payload, 401, 'invalid_nonce');
    // ...and the visitor it was issued to can still use it.
    expect((await verify(payload, {}, other)).status).toBe(200);
  });

  test('a nonce sent without the cookie it was issued with', async () => {
    const payload = await signedMessage({}, new Browser());
    await expectRejected(payload, 401, 'invalid_nonce');
  });

  test('a nonce replaced by a newer one for the same visitor', async () => {
    const payload = await signedMessage();
    await browser.fetchNonce();
    await expectRejected(payload, 401, 'invalid_nonce');
  });

  test('a nonce whose one attempt failed', async () => {
    const { message, signature } = await signedMessage();
    expect((await verify({ message, signature: '0x1234' })).status).toBe(401);
    await expectRejected({ message, signature }, 401, 'invalid_nonce');
  });

  test('a nonce the server never issued', async () => {
    await expectRejected(await signedMessage({ nonce: 'abcdefgh12345678' }), 401, 'invalid_nonce');
  });

  test('a nonce older than its lifetime', async () => {
    const payload = await signedMessage();
    clock += NONCE_TTL_MS + 1;
    await expectRejected(payload, 401, 'invalid_nonce');
  });

  test('a wrong domain', async () => {
    await expectRejected(await signedMessage({ domain: 'evil.test' }), 401, 'wrong_domain');
  });

  test('a uri on another scheme than the site', async () => {
    await expectRejected(await signedMessage({ uri: `https://${host}/` }), 401, 'wrong_domain');
  });

  test('a uri on another site than its domain', async () => {
    await expectRejected(await signedMessage({ uri: 'http://evil.test/' }), 401, 'wrong_domain');
  });

  test('an expired message', async () => {
    const payload = await signedMessage({ expirationTime: new Date(clock - 1000) });
    await expectRejected(payload, 401, 'expired_message');
  });

  test('a uri with user info before the site', async () => {
    await expectRejected(await signedMessage({ uri: `http://evil@${host}/` }), 401, 'wrong_domain');
  });

  test('an Issued At outside the nonce lifetime (yesterday, or ahead of the clock)', async () => {
    const day = 24 * 3_600_000;
    await expectRejected(
      await signedMessage({ issuedAt: new Date(clock - day) }),
      401,
      'expired_message',
    );
    await expectRejected(
      await signedMessage({ issuedAt: new Date(clock + 10 * 60_000) }),
      401,
      'expired_message',
    );
  });

  test('the refusal does not repeat what the message named', async () => {
    const response = await verify(await signedMessage({ domain: 'evil.test' }));
    expect(response.status).toBe(401);
    expect(await response.text()).not.toMatch(/evil/);
  });

  test('a chain the app does not offer', async () => {
    await expectRejected(await signedMessage({ chainId: 5 }), 401, 'unsupported_chain');
  });

  test('a tampered signature', async () => {
    const { message, signature } = await signedMessage();
    const last = signature.at(-3) === 'a' ? 'b' : 'a';
    const tampered = `${signature.slice(0, -3)}${last}${signature.slice(-2)}`;
    await expectRejected({ message, signature: tampered }, 401);
  });

  test('a message signed by another key than the one it names', async () => {
    const { signature } = await signedMessage();
    const { message } = await signedMessage();
    await expectRejected({ message, signature }, 401, 'invalid_signature');
  });

  test.each([
    ['no body', undefined],
    ['a missing signature', { message: 'hello' }],
    ['a signature that is not hex', { message: 'hello', signature: 'not-hex' }],
  ])('a malformed body: %s', async (_name, payload) => {
    await expectRejected(payload, 400);
  });

  test('a message that is not Sign-In with Ethereum', async () => {
    await expectRejected({ message: 'hello', signature: '0x1234' }, 400, 'malformed_message');
  });
});

describe('sign-in messages are exact', () => {
  test('an Issued At a minute behind or ahead of the server (clock skew) is accepted', async () => {
    expect((await verify(await signedMessage({ issuedAt: new Date(clock - 60_000) }))).status).toBe(
      200,
    );
    browser = new Browser();
    expect((await verify(await signedMessage({ issuedAt: new Date(clock + 60_000) }))).status).toBe(
      200,
    );
  });

  test('a lowercase address becomes a session under its checksummed spelling', async () => {
    const response = await verify(
      await signedMessage({ address: account.address.toLowerCase() as `0x${string}` }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ address: account.address, chainId: 31337 });
    expect(await sessionOf(browser.cookie)).toEqual({ address: account.address, chainId: 31337 });
  });
});

describe('one client cannot fill what everyone shares', () => {
  /** Requests from a visitor at this address (the server trusts one proxy hop). */
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const oneProxy = { trustProxy: (_address: string, hop: number) => hop < 1 };

  test('nonces per visitor are limited; the visitor is told why and when; others are served', async () => {
    await app.close();
    await startServer(oneProxy, { noncesPerVisitorPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await call('nonce', from('203.0.113.9'))).status).toBe(200);
    const refused = await call('nonce', from('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: 'too_many_attempts',
      message: expect.stringMatching(
        /^Too many sign-in attempts from your network; try again in \d+ s\.$/,
      ),
    });
    // Another visitor, and the same one a minute later.
    expect((await call('nonce', from('198.51.100.4'))).status).toBe(200);
  });

  test('IPv6 visitors count by their /64', async () => {
    await app.close();
    await startServer(oneProxy, { noncesPerVisitorPerMinute: 2 });
    expect((await call('nonce', from('2001:db8:1:2::1'))).status).toBe(200);
    expect((await call('nonce', from('2001:db8:1:2::ffff'))).status).toBe(200);
    expect((await call('nonce', from('2001:db8:1:2:aaaa::7'))).status).toBe(429);
    expect((await call('nonce', from('2001:db8:1:3::1'))).status).toBe(200);
  });

  test('sign-in attempts per visitor are limited before the body is read', async () => {
    await app.close();
    await startServer(oneProxy, { signInsPerVisitorPerHour: 2 });
    const attacker = new Browser();
    for (let i = 0; i < 2; i++) {
      expect((await verify({}, from('203.0.113.9').headers, attacker)).status).toBe(400);
    }
    const refused = await verify({}, from('203.0.113.9').headers, attacker);
    expect(refused.status).toBe(429);
    expect((await refused.json()) as { error: string }).toMatchObject({
      error: 'too_many_attempts',
    });
    const payload = await signedMessage();
    expect((await verify(payload, from('198.51.100.4').headers)).status).toBe(200);
  });

  test('the flood of the report (nonce, then /verify with {}) leaves the store empty: real sign-ins work', async () => {
    await app.close();
    // A store of one nonce and one session stands for the 100,000 of production.
    const store = new MemorySessionStore({ maxNonces: 1, maxSessions: 1, now: () => clock });
    await startServer({}, { store });
    const attacker = new Browser();
    for (let i = 0; i < 50; i++) {
      await attacker.fetchNonce();
      expect((await verify({}, {}, attacker)).status).toBe(400);
      // A well-formed message with a bad signature is refused too, and recorded nowhere.
      const { message } = await signedMessage({}, attacker);
      expect((await verify({ message, signature: '0x1234' }, {}, attacker)).status).toBe(401);
    }
    expect((await verify(await signedMessage())).status).toBe(200);
  }, 60_000);

  test('one wallet signing in again and again keeps 10 sessions: the oldest ends', async () => {
    const cookies: (Cookie | undefined)[] = [];
    for (let i = 0; i < 12; i++) {
      browser = new Browser();
      cookies.push(sessionCookie(await verify(await signedMessage())));
    }
    const signedIn = await Promise.all(
      cookies.map(async (cookie) => (await sessionOf(cookie)).address !== null),
    );
    expect(signedIn).toEqual([false, false, ...Array<boolean>(10).fill(true)]);
  });
});

describe('the site a message must name', () => {
  /** A request with a Host header of our choosing (fetch does not send one). */
  function requestAs(
    hostHeader: string,
    path: string,
    { body, cookie }: { body?: unknown; cookie?: string } = {},
  ): Promise<{ status: number; json: unknown; setCookie: string[] }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${origin}/api/auth/${path}`,
        {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            host: hostHeader,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(cookie ? { cookie } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              json: JSON.parse(text) as unknown,
              setCookie: response.headers['set-cookie'] ?? [],
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  test('another site is rejected even when the request names it as Host', async () => {
    const nonceResponse = await requestAs('evil.test', 'nonce');
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: 'evil.test',
      nonce: (nonceResponse.json as { nonce: string }).nonce,
      uri: 'http://evil.test/',
      version: '1',
      issuedAt: new Date(clock),
    });
    const cookie = nonceResponse.setCookie.map((header) => header.split(';')[0]).join('; ');
    const response = await requestAs('evil.test', 'verify', {
      cookie,
      body: { message, signature: await account.signMessage({ message }) },
    });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ error: 'wrong_domain' });
  });

  test('the loopback name of the address it listens on is accepted', async () => {
    const local = `localhost:${host.split(':')[1]}`;
    const response = await verify(await signedMessage({ domain: local, uri: `http://${local}/` }));
    expect(response.status).toBe(200);
  });

  describe('with a public origin', () => {
    beforeEach(async () => {
      await app.close();
      await startServer({}, { publicOrigin: 'https://portfolio.example' });
    });

    test('a message for the public origin signs in', async () => {
      const payload = await signedMessage({
        domain: 'portfolio.example',
        uri: 'https://portfolio.example/',
      });
      const response = await verify(payload);
      expect(response.status).toBe(200);
      expect(await sessionOf(sessionCookie(response))).toEqual({
        address: account.address,
        chainId: 31337,
      });
    });

    test('a message for the address it listens on is rejected', async () => {
      const response = await verify(await signedMessage());
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'wrong_domain' });
    });

    test('the public origin on plain http is rejected', async () => {
      const response = await verify(
        await signedMessage({ domain: 'portfolio.example', uri: 'http://portfolio.example/' }),
      );
      expect(await response.json()).toMatchObject({ error: 'wrong_domain' });
    });
  });
});

describe('sessions can be revoked', () => {
  test('after Sign out, a copy of the session cookie is signed out too', async () => {
    const copy = sessionCookie(await verify(await signedMessage()));
    await call('logout', { method: 'POST' }, copy);
    expect(await sessionOf(copy)).toEqual({ address: null, chainId: null });
  });

  test('signing in again ends the earlier session', async () => {
    const first = sessionCookie(await verify(await signedMessage()));
    expect((await verify(await signedMessage())).status).toBe(200);
    expect(await sessionOf(first)).toEqual({ address: null, chainId: null });
    expect(await sessionOf(browser.cookie)).toEqual({ address: account.address, chainId: 31337 });
  });

  test('a session is gone after its lifetime of seven days', async () => {
    const cookie = sessionCookie(await verify(await signedMessage()));
    clock += SESSION_TTL_MS - 1000;
    expect(await sessionOf(cookie)).toEqual({ address: account.address, chainId: 31337 });
    clock += 2000;
    const response = await call('session', {}, cookie);
    expect(await response.json()).toEqual({ address: null, chainId: null });
    expect(sessionCookie(response)?.attributes).toContain('max-age=0');
  });

  test('a full store refuses new sign-ins and keeps the live sessions', async () => {
    await app.close();
    await startServer({}, { store: new MemorySessionStore({ maxSessions: 1, now: () => clock }) });
    const first = sessionCookie(await verify(await signedMessage()));
    browser = new Browser();
    const refused = await verify(await signedMessage());
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: 'sign_in_unavailable',
      message: 'This server cannot take more sign-ins right now; try again later.',
    });
    expect(await sessionOf(first)).toEqual({ address: account.address, chainId: 31337 });
  });

  test('expired sessions make room again', async () => {
    await app.close();
    await startServer({}, { store: new MemorySessionStore({ maxSessions: 1, now: () => clock }) });
    await verify(await signedMessage());
    clock += SESSION_TTL_MS;
    browser = new Browser();
    expect((await verify(await signedMessage())).status).toBe(200);
  });
});

describe('a malformed, expired or foreign cookie counts as no session and is cleared', () => {
  /** A seal of ours that expired ten minutes ago (iron-session's own format, version 2). */
  const expiredSeal = async () =>
    `${await seal(webcrypto, { sessionId: 'x' }, secret, {
      ...ironDefaults,
      ttl: 1000,
      localtimeOffsetMsec: -10 * 60_000,
    })}~2`;
  const foreignSeal = async () =>
    sealData({ sessionId: 'x' }, { password: 'another-secret-of-at-least-32-characters!' });

  test.each([
    ['malformed', async () => 'Fe26.2*1*a*b*c*d*e*f~2'],
    ['not a seal at all', async () => '%%%not-a-seal'],
    ['sealed with another secret', foreignSeal],
    ['of another shape', async () => sealData({ sessionId: 42 }, { password: secret })],
    ['expired', expiredSeal],
  ])('%s', async (_name, seal) => {
    const value = await seal();
    const cookie = { value, attributes: [] };
    const session = await call('session', {}, cookie);
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ address: null, chainId: null });
    expect(sessionCookie(session)?.attributes).toContain('max-age=0');

    const logout = await call('logout', { method: 'POST' }, cookie);
    expect(logout.status).toBe(200);
    expect(sessionCookie(logout)?.attributes).toContain('max-age=0');

    const nonce = await call('nonce', {}, cookie);
    expect(nonce.status).toBe(200);
    const fresh = sessionCookie(nonce);
    expect(fresh?.value).not.toBe(value);
    // The replacement cookie works: the visitor is not stuck.
    browser.cookie = fresh;
    const payload = await signedMessage();
    expect((await verify(payload)).status).toBe(200);
  });
});

describe('only our own pages may change the sign-in', () => {
  test('a cross-site form POST cannot sign the visitor out', async () => {
    const cookie = sessionCookie(await verify(await signedMessage()));
    const response = await call(
      'logout',
      { method: 'POST', headers: { origin: 'https://evil.test' } },
      cookie,
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'cross_site' });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionOf(cookie)).toEqual({ address: account.address, chainId: 31337 });
  });

  test.each([
    ['verify', 'POST', { origin: 'null' }],
    ['verify', 'POST', { 'sec-fetch-site': 'cross-site' }],
    ['nonce', 'GET', { 'sec-fetch-site': 'same-site' }],
    ['logout', 'POST', { 'sec-fetch-site': 'cross-site' }],
  ])('%s from elsewhere (%s %j) is refused', async (path, method, headers) => {
    const response = await call(path, { method, headers });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test('our own page (its Origin, or Sec-Fetch-Site same-origin) is served', async () => {
    const payload = await signedMessage();
    expect((await verify(payload, { origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    const logout = await browser.call('logout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.status).toBe(200);
  });
});

describe('bad bodies get a 4xx JSON error', () => {
  const post = (body: string, contentType: string) =>
    call('verify', { method: 'POST', body, headers: { 'content-type': contentType } });

  test.each([
    ['not JSON', '{"message":', 'application/json', 400, 'malformed_body'],
    [
      'an extra field',
      '{"message":"a","signature":"0x12","admin":true}',
      'application/json',
      400,
      'malformed_body',
    ],
    [
      'too large',
      JSON.stringify({ message: 'a'.repeat(20_000), signature: '0x12' }),
      'application/json',
      413,
      'body_too_large',
    ],
    [
      'not JSON at all',
      'message=a&signature=0x12',
      'application/x-www-form-urlencoded',
      415,
      'unsupported_media_type',
    ],
  ])('%s', async (_name, body, contentType, status, error) => {
    const response = await post(body, contentType);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error, message: expect.any(String) });
  });
});

describe('fuzzed requests never get a 500', () => {
  const printable = fc.string({
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  });
  const sealLike = fc
    .array(printable, { maxLength: 9 })
    .map((parts) => `Fe26.2*${parts.join('*')}~2`);
  const cookieValue = fc.oneof(printable, sealLike);
  const json = fc.oneof(
    fc.json(),
    fc
      .record({
        message: fc.oneof(fc.string(), fc.anything()),
        signature: fc.oneof(printable, fc.anything()),
      })
      .map((value) => {
        try {
          return JSON.stringify(value) ?? '';
        } catch {
          return '';
        }
      }),
    printable,
  );
  const headerOrigin = fc.oneof(
    fc.constant(undefined),
    fc.constant('null'),
    fc.webUrl().map((url) => new URL(url).origin),
    printable,
  );

  // A thousand requests over HTTP: seconds, more on a loaded machine, hence the timeout.
  test('routes, cookies, bodies and Origins', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('nonce', 'session', 'verify', 'logout'),
        cookieValue,
        json,
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', ''),
        headerOrigin,
        async (path, cookie, body, contentType, originHeader) => {
          const method = path === 'verify' || path === 'logout' ? 'POST' : 'GET';
          const response = await fetch(`${origin}/api/auth/${path}`, {
            method,
            headers: {
              cookie: `${SESSION_COOKIE}=${cookie}`,
              ...(contentType ? { 'content-type': contentType } : {}),
              ...(originHeader === undefined ? {} : { origin: originHeader }),
            },
            ...(method === 'POST' ? { body } : {}),
          });
          expect(response.status).toBeLessThan(500);
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          await response.arrayBuffer();
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);
});

describe('several servers sharing one Redis (SESSION_STORE_URL)', () => {
  const site = { domain: 'portfolio.example', uri: 'https://portfolio.example/' };
  let redis: RunningRedis;
  let other: FastifyInstance;
  let otherOrigin: string;

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.remove());
  beforeEach(async () => {
    const shared = () => ({
      publicOrigin: 'https://portfolio.example',
      store: new RedisSessionStore(redis.url, () => clock),
    });
    await app.close();
    await startServer({}, shared());
    other = Fastify();
    await other.register(authPlugin, {
      prefix: '/api/auth',
      secret,
      localChain: true,
      now: () => clock,
      ...shared(),
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherOrigin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  });
  afterEach(() => other.close());

  const onOther = (path: string, cookie: Cookie | undefined, init: RequestInit = {}) =>
    fetch(`${otherOrigin}/api/auth/${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie.value}` } : {}),
      },
    });

  test('a session opened on one server is seen on the other; Sign out there ends it here', async () => {
    const cookie = sessionCookie(await verify(await signedMessage(site)));
    expect(await (await onOther('session', cookie)).json()).toEqual({
      address: account.address,
      chainId: 31337,
    });
    await onOther('logout', cookie, { method: 'POST' });
    expect(await sessionOf(cookie)).toEqual({ address: null, chainId: null });
  });

  test('a nonce used on one server cannot be used again on the other', async () => {
    const payload = await signedMessage(site);
    const copy = browser.cookie;
    expect((await verify(payload)).status).toBe(200);
    const replay = await onOther('verify', copy, {
      method: 'POST',
      body: JSON.stringify(payload),
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_nonce' });
  });
});

test('an unreachable session store answers 503 with a JSON error, never 500', async () => {
  await app.close();
  const closedPort = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  await startServer({}, { store: new RedisSessionStore(`redis://127.0.0.1:${closedPort}`) });
  const cookie = {
    value: await sealData({ sessionId: 'some-session' }, { password: secret }),
    attributes: [],
  };
  const response = await call('session', {}, cookie);
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    error: 'unavailable',
    message: 'Sign-in is unavailable right now; try again later.',
  });
});
