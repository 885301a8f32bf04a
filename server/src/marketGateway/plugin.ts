import type { FastifyPluginAsync } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyEtag from '@fastify/etag';
import { visitorKey } from '@token-portfolio/shared/server/visitorKey';
import { badRequest, methodNotAllowed, type GatewayAnswer } from './answers';
import { COMPRESS_FROM_BYTES, CompressedAnswers, preferredEncoding } from './compressedAnswers';
import type { MarketGateway } from './marketGateway';

export interface MarketGatewayPluginOptions {
  gateway: MarketGateway;
  /** Origins whose pages may read the answers: '*', a list, or [] for same-origin only. */
  corsOrigins: '*' | string[];
}

/**
 * The gateway's HTTP face, registered with a prefix (the composed server uses /api/market):
 * GET <prefix>/<CoinGecko v3 path>?<query>. Answers carry validators (ETag, Last-Modified)
 * and may be read by pages on other origins only when CORS allows them.
 */
export const marketGatewayPlugin: FastifyPluginAsync<MarketGatewayPluginOptions> = async (
  app,
  { gateway, corsOrigins },
) => {
  if (corsOrigins === '*' || corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: corsOrigins,
      methods: ['GET', 'HEAD'],
      exposedHeaders: ['Retry-After', 'X-Market-Stale', 'X-Market-Cache', 'ETag', 'Last-Modified'],
      maxAge: 86_400,
    });
  }
  await app.register(fastifyEtag);
  // Embedded widgets on other sites (docs/embedding.md) read the gateway too.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  app.addHook('onClose', async () => gateway.close());

  const send = (answer: GatewayAnswer) => ({
    ...answer,
    headers: { ...answer.headers, 'content-type': 'application/json; charset=utf-8' },
  });
  // A tenth of the answer cache's cap: the compressed forms of the answers asked for now.
  const compressed = new CompressedAnswers(Math.ceil(gateway.cacheCapBytes / 10));

  // Compressed here, once per answer and encoding, not per request by @fastify/compress.
  app.get('/*', { compress: false }, async (request, reply) => {
    // The raw target, not Fastify's decoded path, so the allow-list sees what was sent.
    const target = request.raw.url ?? '';
    const answer = target.startsWith(`${app.prefix}/`)
      ? await gateway.answer(target.slice(app.prefix.length), visitorKey(request.ip))
      : badRequest('The market gateway path must be sent as is.');
    const { status, headers, body, bodyKey } = send(answer);
    reply.code(status).headers(headers).header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === null || bodyKey === undefined || body.length < COMPRESS_FROM_BYTES) {
      return reply.send(body);
    }
    const bytes = await compressed.bytes(bodyKey, body, encoding);
    return reply.header('content-encoding', encoding).send(bytes);
  });
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (_request, reply) => {
      const { status, headers, body } = send(methodNotAllowed());
      return reply
        .code(status)
        .headers({ ...headers, allow: 'GET, HEAD' })
        .send(body);
    },
  });
};
