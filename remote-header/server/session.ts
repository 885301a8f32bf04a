import type { FastifyReply, FastifyRequest } from 'fastify';
import { getIronSession, type IronSession } from 'iron-session';

/**
 * What the sealed session cookie holds: the wallet once signed in, and the nonce issued to
 * this visitor until /verify uses it up. Nothing of it is kept on the server.
 */
export interface AuthSession {
  address?: `0x${string}`;
  chainId?: number;
  nonce?: string;
  /** When the nonce stops being accepted (ms since the epoch). */
  nonceExpiresAt?: number;
}

/** How long an issued nonce may be used to sign in. */
export const NONCE_TTL_MS = 5 * 60_000;

export const SESSION_COOKIE = 'token_portfolio_session';
const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The request's session: sealed, httpOnly, SameSite=Lax, Secure when served over https. */
export function readSession(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
): Promise<IronSession<AuthSession>> {
  return getIronSession<AuthSession>(request.raw, reply.raw, {
    cookieName: SESSION_COOKIE,
    password: secret,
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
    },
  });
}
