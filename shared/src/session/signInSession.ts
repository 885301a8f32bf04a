// The page's sign-in as the auth API (remote-header/server, at /api/auth) tells it: read once
// at load, from the boot script's request, by the header's button and the store alike.
import { AUTH_SESSION_PATH, bootHandoff } from '../boot/bootHandoff';
import { providedRuntimeConfig } from '../providedConfig';
import { parseSessionInfo, type SessionInfo } from '../wallet/authBodies';

/**
 * What the page knows of sign-in: 'none' where it has no auth API (a remote's dev server,
 * an embedding page: the wallet works without sign-in), else who is signed in.
 */
export type SignInState =
  | { auth: 'none' }
  /** `unreadable`: the auth API could not be asked; sign-in is offered as if signed out. */
  | { auth: 'available'; session: SessionInfo; unreadable?: true };

const SIGNED_OUT: SessionInfo = { address: null, chainId: null };

/**
 * The session from the auth API's answer; null when the page has no auth API there (a 404,
 * or a page that is not JSON, such as a dev server's index.html). Throws for a failure.
 */
export async function sessionFrom(response: Response): Promise<SessionInfo | null> {
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The auth API answered ${response.status}`);
  if (!response.headers.get('content-type')?.includes('json')) return null;
  return parseSessionInfo(await response.json());
}

async function readSignIn(early: Promise<Response | null> | undefined): Promise<SignInState> {
  // Only the composed server's config says its auth API is at the root: elsewhere (a
  // static host's config.json, an embedding page) nothing is asked, so no 404 in the console.
  if (!early && providedRuntimeConfig()?.signIn !== true) return { auth: 'none' };
  try {
    const answer = await (early ?? fetch(AUTH_SESSION_PATH));
    const session = answer && (await sessionFrom(answer));
    return session ? { auth: 'available', session } : { auth: 'none' };
  } catch (error) {
    // Sign-in stays offered; the next sign-in asks the server again.
    console.warn('[token-portfolio] could not read the sign-in session', error);
    return { auth: 'available', session: SIGNED_OUT, unreadable: true };
  }
}

/** The page's one reading, and the boot script's request it read (none: asked here). */
let reading: {
  early: Promise<Response | null> | undefined;
  state: Promise<SignInState>;
  known?: SignInState;
} | null = null;

function current() {
  const early = bootHandoff()?.authSession;
  if (reading?.early !== early || reading === null) {
    const entry: NonNullable<typeof reading> = {
      early,
      state: readSignIn(early).then((state) => (entry.known = state)),
    };
    reading = entry;
  }
  return reading;
}

/**
 * The page's sign-in state, asked for once (the boot script's request when it sent one):
 * the header's first render starts it, the wallet stack reads the same answer.
 */
export const signInState = (): Promise<SignInState> => current().state;

/** The sign-in state if it has come, for a first render that need not wait. */
export const knownSignInState = (): SignInState | undefined => current().known;

/**
 * Who is signed in now, asked afresh (another tab signed in): null when nobody is, or the
 * page has no auth API; throws when the auth API cannot be asked.
 */
export async function currentSignIn(): Promise<SessionInfo['address']> {
  return (await sessionFrom(await fetch(AUTH_SESSION_PATH)))?.address ?? null;
}
