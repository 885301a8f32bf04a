import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { setStaticHeaders } from '@token-portfolio/server/server';
import type { RunningServer } from './servers';

/** A plain static host on its own origin (another CDN), with CORS open to any origin. */
export async function startStaticServer(root: string): Promise<RunningServer> {
  const app = Fastify();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    preCompressed: true,
    setHeaders: setStaticHeaders,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}
