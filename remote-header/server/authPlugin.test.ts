import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { authPlugin, type AuthPluginOptions } from './authPlugin';
import { NONCE_TTL_MS, SESSION_COOKIE } from './session';

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
});

test('nonces are distinct and never cached', async () => {
  const response = await call('nonce');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await fetchNonce()).not.toBe(((await response.json()) as { nonce: string }).nonce);
});

describe('rejected sign-ins get a 4xx JSON error and no session', () => {
  async function expectRejected(payload: unknown, status: number, error?: string) {
    const response = await verify(payload);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    if (error) expect(await response.json()).toMatchObject({ error });
    expect(await sessionOf(sessionCookie(response))).toEqual({ address: null, chainId: null });
  }

  test('a reused nonce (replay)', async () => {
    const payload = await signedMessage();
    expect((await verify(payload)).status).toBe(200);
    await expectRejected(payload, 401, 'invalid_nonce');
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
