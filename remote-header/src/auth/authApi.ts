/** The header's auth API (remote-header/server), served beside the page. */
export interface SessionInfo {
  address: `0x${string}` | null;
  chainId: number | null;
}

const endpoint = (path: string) => new URL(`api/auth/${path}`, document.baseURI);

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`The auth API answered ${response.status}`);
  return (await response.json()) as T;
}

export async function fetchNonce(): Promise<string> {
  return (await json<{ nonce: string }>(await fetch(endpoint('nonce')))).nonce;
}

export async function fetchSession(): Promise<SessionInfo> {
  return json<SessionInfo>(await fetch(endpoint('session')));
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
  return response.ok ? json<SessionInfo>(response) : null;
}

export async function signOut(): Promise<void> {
  await json<SessionInfo>(await fetch(endpoint('logout'), { method: 'POST' }));
}
