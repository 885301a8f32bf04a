import type { createAuthenticationAdapter } from '@rainbow-me/rainbowkit';
import { createSiweMessage } from 'viem/siwe';
import * as authApi from './authApi';

/** The server forgets a nonce after 5 minutes; the message says so too. */
const MESSAGE_LIFETIME_MS = 5 * 60_000;

export type SiweAdapter = ReturnType<typeof createAuthenticationAdapter<string>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What RainbowKit's sign-in dialog drives (idle, signing, verifying, done): nonce from
 * the auth API, an EIP-4361 message for this site, verification by the server.
 * `onNonceWait` hears when the server refuses a nonce for now (the time it will give one,
 * so the dialog can say why its button waits) and null once it gave one.
 */
export function createSiweAdapter(
  onSession: (session: authApi.SessionInfo) => void,
  onNonceWait: (until: number | null) => void = () => {},
): SiweAdapter {
  // Each dialog asks for a nonce when it opens; only the latest request keeps waiting.
  let latest = 0;
  // The adapter is a plain object (createAuthenticationAdapter only returns its argument),
  // so this module needs no RainbowKit code.
  return {
    // RainbowKit's own message for a failed nonce is generic and leaves its button disabled
    // for good: past the server's limit the nonce is asked for again when it says.
    getNonce: async () => {
      const request = (latest += 1);
      for (;;) {
        try {
          const nonce = await authApi.fetchNonce();
          if (request === latest) onNonceWait(null);
          return nonce;
        } catch (error) {
          if (!(error instanceof authApi.TryAgainLater) || request !== latest) throw error;
          onNonceWait(Date.now() + error.retryAfterMs);
          await sleep(error.retryAfterMs);
        }
      }
    },
    createMessage: ({ nonce, address, chainId }) =>
      createSiweMessage({
        domain: window.location.host,
        address,
        statement: 'Sign in to Token Portfolio.',
        uri: window.location.origin,
        version: '1',
        chainId,
        nonce,
        issuedAt: new Date(),
        expirationTime: new Date(Date.now() + MESSAGE_LIFETIME_MS),
      }),
    verify: async ({ message, signature }) => {
      const session = await authApi.verifySignature(message, signature);
      if (session) onSession(session);
      return session !== null;
    },
    // Signed out on this page whatever the server answers: a failed logout only warns. The
    // page hears it first, once the wallet's own state has settled (an account switch), so it
    // says why before the server ends the saved watchlist's stream.
    signOut: async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      onSession({ address: null, chainId: null });
      try {
        await authApi.signOut();
      } catch (error) {
        console.warn('[token-portfolio] could not end the sign-in session on the server', error);
      }
    },
  };
}
