import type { FastifyReply, FastifyRequest } from 'fastify';
import { getIronSession, type IronSession } from 'iron-session';

/** What the sealed session cookie holds once a wallet has signed in. */
export interface AuthSession {
  address?: `0x${string}`;
  chainId?: number;
}

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
