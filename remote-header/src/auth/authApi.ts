/** The header's auth API (remote-header/server), served beside the page. */
import * as v from 'valibot';
import { nonceAnswerSchema, sessionInfoSchema, type SessionInfo } from './authBodies';

export type { SessionInfo } from './authBodies';

const endpoint = (path: string) => new URL(`api/auth/${path}`, document.baseURI);

/** The answer's body, parsed at the door; an error for a refusal or an unexpected body. */
async function parsed<T extends v.GenericSchema>(
  response: Response,
  schema: T,
): Promise<v.InferOutput<T>> {
  if (!response.ok) throw new Error(`The auth API answered ${response.status}`);
  return v.parse(schema, await response.json());
}

export async function fetchNonce(): Promise<string> {
  return (await parsed(await fetch(endpoint('nonce')), nonceAnswerSchema)).nonce;
}

export async function fetchSession(): Promise<SessionInfo> {
  return parsed(await fetch(endpoint('session')), sessionInfoSchema);
}

/** Resolves with the new session, or null when the server refused the signature. */
export async function verifySignature(
  message: string,
  signature: string,
): Promise<SessionInfo | null> {
  const response = await fetch(endpoint('verify'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  });
  return response.ok ? parsed(response, sessionInfoSchema) : null;
}

export async function signOut(): Promise<void> {
  await parsed(await fetch(endpoint('logout'), { method: 'POST' }), sessionInfoSchema);
}
