// The door for the wallet sign-in API's bodies (remote-header/server): what the browser
// sends to /api/auth/verify is parsed here by the server, and what the server answers is
// parsed here by the browser. Both sides work with the types these schemas produce. It
// lives in shared with the other doors, so valibot reaches the browser once.
import * as v from 'valibot';

/** Longest sign-in message accepted (a SIWE message is a few hundred characters). */
export const MAX_MESSAGE_LENGTH = 4096;
/** Longest signature accepted, as hex (a plain key signature is 132 characters). */
export const MAX_SIGNATURE_LENGTH = 8192;

export const verifyRequestSchema = v.strictObject({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_MESSAGE_LENGTH)),
  signature: v.pipe(
    v.string(),
    v.maxLength(MAX_SIGNATURE_LENGTH),
    v.regex(/^0x[0-9a-fA-F]+$/),
    v.transform((text) => text as `0x${string}`),
  ),
});

export type VerifyRequest = v.InferOutput<typeof verifyRequestSchema>;

export const addressSchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/),
  v.transform((text) => text as `0x${string}`),
);

export const chainIdSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** Who is signed in (both null when nobody is). */
export const sessionInfoSchema = v.object({
  address: v.nullable(addressSchema),
  chainId: v.nullable(chainIdSchema),
});

export type SessionInfo = v.InferOutput<typeof sessionInfoSchema>;

export const nonceAnswerSchema = v.object({
  nonce: v.pipe(v.string(), v.regex(/^[0-9a-zA-Z]{8,96}$/)),
});

/** Every refusal of the auth API: a stable code and a sentence for people. */
export const authErrorSchema = v.object({ error: v.string(), message: v.string() });

export type AuthError = v.InferOutput<typeof authErrorSchema>;

/** The answer of /session, /verify and /logout; throws when it is not one. */
export const parseSessionInfo = (json: unknown): SessionInfo => v.parse(sessionInfoSchema, json);

/** The nonce of a /nonce answer; throws when it is not one. */
export const parseNonce = (json: unknown): string => v.parse(nonceAnswerSchema, json).nonce;
