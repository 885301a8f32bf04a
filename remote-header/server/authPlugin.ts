import type { FastifyPluginAsync } from 'fastify';
import { isHex, verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { LOCAL_CHAIN_ID, SUPPORTED_CHAIN_IDS } from '../src/wallet/chainIds';
import { listeningOrigins, originOf } from './origins';
import { NONCE_TTL_MS, readSession } from './session';

export interface AuthPluginOptions {
  /** Seals the session cookie: at least 32 characters. */
  secret: string;
  /** Whether the local development chain (31337) may sign in. */
  localChain: boolean;
  /**
   * The site's public origin (e.g. https://portfolio.example): when set, the only origin a
   * sign-in message may name. When absent, only the origin the server listens on (see
   * listeningOrigins). Never taken from the request: a Host header proves nothing.
   */
  publicOrigin?: string | null;
  /** Clock for expiry checks (tests move it). */
  now?: () => number;
}

interface VerifyBody {
  message: string;
  signature: string;
}

const verifyBodySchema = {
  type: 'object',
  required: ['message', 'signature'],
  additionalProperties: false,
  properties: {
    message: { type: 'string', minLength: 1, maxLength: 4096 },
    signature: { type: 'string', pattern: '^0x[0-9a-fA-F]+$', maxLength: 8192 },
  },
} as const;

/**
 * Sign-In with Ethereum: GET nonce, POST verify, GET session, POST logout. Nonces are
 * single-use, expire, and are valid only with the cookie they were issued with; the session
 * lives in that sealed cookie.
 */
export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const publicOrigin = options.publicOrigin ? originOf(options.publicOrigin) : null;
  if (options.publicOrigin && publicOrigin === null) {
    throw new Error(`publicOrigin must be an http(s) origin, not '${options.publicOrigin}'.`);
  }
  const acceptedOrigins = () =>
    publicOrigin !== null ? [publicOrigin] : listeningOrigins(app.server.address());
  /** The message names this site: its domain and its uri's origin are one of ours. */
  const isForThisSite = (domain: string, uri: string) => {
    const uriOrigin = originOf(uri);
    return acceptedOrigins().some(
      (origin) => origin === uriOrigin && new URL(origin).host === domain,
    );
  };
  const chainIds = new Set<number>([
    ...SUPPORTED_CHAIN_IDS,
    ...(options.localChain ? [LOCAL_CHAIN_ID] : []),
  ]);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The nonce lives in the visitor's sealed cookie, so it binds to this visitor and no
  // server-wide pool can be flooded; a newer nonce replaces an older one.
  app.get('/nonce', async (request, reply) => {
    const session = await readSession(request, reply, options.secret);
    const nonce = generateSiweNonce();
    session.nonce = nonce;
    session.nonceExpiresAt = now() + NONCE_TTL_MS;
    await session.save();
    return { nonce };
  });

  app.post<{ Body: VerifyBody }>(
    '/verify',
    { schema: { body: verifyBodySchema } },
    async (request, reply) => {
      const { message, signature } = request.body;
      // Used up before any check: a nonce gets exactly one attempt.
      const session = await readSession(request, reply, options.secret);
      const { nonce: issuedNonce, nonceExpiresAt = 0 } = session;
      delete session.nonce;
      delete session.nonceExpiresAt;
      const reject = async (status: number, error: string, text: string) => {
        if (issuedNonce !== undefined) {
          if (session.address === undefined) session.destroy();
          else await session.save();
        }
        return reply.code(status).send({ error, message: text });
      };

      const parsed = parseSiweMessage(message);
      if (
        !parsed.address ||
        !parsed.nonce ||
        !parsed.domain ||
        !parsed.uri ||
        parsed.chainId === undefined
      ) {
        return reject(
          400,
          'malformed_message',
          'The message is not a Sign-In with Ethereum message.',
        );
      }
      if (parsed.nonce !== issuedNonce || nonceExpiresAt <= now()) {
        return reject(401, 'invalid_nonce', 'The nonce is unknown, used or expired.');
      }
      if (!isForThisSite(parsed.domain, parsed.uri)) {
        return reject(401, 'wrong_domain', `The message is for ${parsed.domain}, not this site.`);
      }
      if (!chainIds.has(parsed.chainId)) {
        return reject(401, 'unsupported_chain', `Chain ${parsed.chainId} is not supported.`);
      }
      if (!validateSiweMessage({ message: parsed, time: new Date(now()) })) {
        return reject(401, 'expired_message', 'The message has expired or is not valid yet.');
      }
      // Key recovery only (wallets with their own key): the server calls no chain, so
      // sign-in works offline; a smart-account signature is refused rather than hanging.
      const signed =
        isHex(signature) &&
        (await verifyMessage({ address: parsed.address, message, signature }).catch(() => false));
      if (!signed) return reject(401, 'invalid_signature', 'The signature does not match.');

      session.address = parsed.address;
      session.chainId = parsed.chainId;
      await session.save();
      return { address: parsed.address, chainId: parsed.chainId };
    },
  );

  app.get('/session', async (request, reply) => {
    const { address = null, chainId = null } = await readSession(request, reply, options.secret);
    return { address, chainId };
  });

  app.post('/logout', async (request, reply) => {
    (await readSession(request, reply, options.secret)).destroy();
    return { address: null, chainId: null };
  });
};
