import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HOST_APP, REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import { readServerConfig } from './config';
import { createComposedServer, type DistFolders } from './server';

let empty: string;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  empty = await mkdtemp(path.join(tmpdir(), 'tp-server-test-'));
});
afterAll(() => rm(empty, { recursive: true, force: true }));
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The composed server as `npm start` makes it from these variables. */
async function start(env: Record<string, string>): Promise<string> {
  const config = readServerConfig({ PORT: '0', ...env });
  const dists = Object.fromEntries(
    [HOST_APP.name, ...REMOTE_NAMES].map((name) => [name, empty]),
  ) as DistFolders;
  app = await createComposedServer({
    runtime: config.runtime,
    marketGateway: config.marketGateway,
    dists,
    authSecret: config.authSecret,
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Whether the sign-in cookie set for a request the TLS proxy forwarded is Secure. */
async function cookieIsSecureBehindTls(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/api/auth/nonce`, {
    headers: { 'x-forwarded-proto': 'https' },
  });
  const [cookie] = response.headers.getSetCookie();
  expect(cookie).toBeDefined();
  return /;\s*secure/i.test(cookie ?? '');
}

test('with TRUST_PROXY=true the session cookie is Secure behind a TLS proxy', async () => {
  expect(await cookieIsSecureBehindTls(await start({ TRUST_PROXY: 'true' }))).toBe(true);
});

test('by default forwarded headers are not believed', async () => {
  expect(await cookieIsSecureBehindTls(await start({}))).toBe(false);
});
