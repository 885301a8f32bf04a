// Secrets in the composed server's log: a Redis that still answers but refuses the session
// store's writes (as a read-only replica after a failover does). ioredis attaches the
// refused command, session id included, to its error, and the error is logged.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  startRedisServer,
  type RunningRedis,
} from '@token-portfolio/shared/server/testing/redisServer';
import { readServerConfig } from './config';
import { createComposedServer } from './server';
import { testAccounts, Visitor } from './testing/visitor';

let redis: RunningRedis;
let app: FastifyInstance;
let admin: Redis;
const logLines: string[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url);
  app = await createComposedServer({
    runtime: readServerConfig({}).runtime,
    authSecret: 'a-test-secret-that-is-at-least-32-characters',
    redisUrl: redis.url,
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  admin.disconnect();
  await redis.remove();
});

test('a refused sign-out is logged without the session id the refused command named', async () => {
  const visitor = new Visitor(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  await visitor.signIn(testAccounts.alice);
  const [sessionKey = ''] = await admin.keys('token-portfolio:auth:session:*');
  const sessionId = sessionKey.split(':').at(-1) ?? '';
  expect(sessionId.length).toBeGreaterThan(16);

  // Writes refused, reads and PING answered: the store counts as reachable.
  await admin.config('SET', 'min-replicas-to-write', '1');
  try {
    const refused = await visitor.fetch('/api/auth/logout', { method: 'POST' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: 'unavailable',
      message: 'Sign-in is unavailable right now; try again later.',
    });
  } finally {
    await admin.config('SET', 'min-replicas-to-write', '0');
  }

  const failure = logLines.find((line) => line.includes('auth API failed')) ?? '';
  expect(failure).toContain('NOREPLICAS');
  expect(failure).toContain('"args":"[redacted]"');
  expect(logLines.filter((line) => line.includes(sessionId))).toEqual([]);
  expect(logLines.filter((line) => line.includes(testAccounts.alice.address))).toEqual([]);
});
