import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';
import { sealData, unsealData } from 'iron-session';
import * as v from 'valibot';

export const SESSION_COOKIE = 'token_portfolio_session';
/** How long a session lasts after sign-in, in the cookie and on the server. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** How long an issued nonce may be used to sign in. */
export const NONCE_TTL_MS = 5 * 60_000;

/**
 * What the sealed cookie holds: the nonce issued to this visitor until /verify uses it
 * (so no server-wide nonce pool can be flooded), and the id of the visitor's session,
 * which counts only while the session store has it.
 */
const cookieDataSchema = v.object({
  nonce: v.optional(v.string()),
  /** When the nonce stops being accepted (ms since the epoch). */
  nonceExpiresAt: v.optional(v.number()),
  sessionId: v.optional(v.string()),
  /** When that session expires (ms since the epoch): tells an expiry from a Sign out. */
  sessionExpiresAt: v.optional(v.number()),
});

export type CookieData = v.InferOutput<typeof cookieDataSchema>;

/**
 * The visitor's cookie: `absent`, `valid` with its data, or `invalid` (malformed, expired,
 * sealed with another secret, or of another shape), which counts as no cookie and is
 * cleared by the answer.
 */
export type ReadCookie =
  { state: 'absent' | 'invalid'; data: CookieData } | { state: 'valid'; data: CookieData };

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  // Secure when the page is served over https (behind a proxy: with TRUST_PROXY).
  secure: request.protocol === 'https',
  path: '/',
});

/**
 * Sealed with iron-session (its seal format); the cookie itself is read and written here, so
 * that a cookie that does not unseal can be told apart and cleared.
 */
export function sessionCookie(secret: string) {
  const sealOptions = { password: secret, ttl: SESSION_TTL_MS / 1000 };
  return {
    async read(request: FastifyRequest): Promise<ReadCookie> {
      const seal = parse(request.headers.cookie ?? '')[SESSION_COOKIE];
      if (seal === undefined || seal === '') return { state: 'absent', data: {} };
      // unsealData answers {} for an expired or foreign seal and throws for a malformed one.
      const unsealed: unknown = await unsealData(seal, sealOptions).catch(() => ({}));
      const data = v.safeParse(cookieDataSchema, unsealed);
      const empty = data.success && Object.keys(data.output).length === 0;
      return data.success && !empty
        ? { state: 'valid', data: data.output }
        : { state: 'invalid', data: {} };
    },

    async write(request: FastifyRequest, reply: FastifyReply, data: CookieData): Promise<void> {
      const seal = await sealData(data, sealOptions);
      reply.header(
        'set-cookie',
        serialize(SESSION_COOKIE, seal, {
          ...cookieOptions(request),
          maxAge: SESSION_TTL_MS / 1000,
        }),
      );
    },

    clear(request: FastifyRequest, reply: FastifyReply): void {
      reply.header(
        'set-cookie',
        serialize(SESSION_COOKIE, '', { ...cookieOptions(request), maxAge: 0 }),
      );
    },
  };
}

export type SessionCookie = ReturnType<typeof sessionCookie>;
