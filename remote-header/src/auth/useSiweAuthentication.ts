import { useEffect, useState } from 'react';
import type { AuthenticationStatus } from '@rainbow-me/rainbowkit';
import { isAddressEqual } from 'viem';
import { useAccount } from 'wagmi';
import * as authApi from './authApi';
import { createSiweAdapter, type SiweAdapter } from './siweAdapter';

/**
 * Sign-In with Ethereum for RainbowKit: the adapter, the authentication status from the
 * session cookie (authenticated only for the wallet account that signed in), and when the
 * server will give a nonce again after refusing one (null when it did not refuse).
 */
export function useSiweAuthentication(): {
  adapter: SiweAdapter;
  status: AuthenticationStatus;
  nonceWaitUntil: number | null;
} {
  // undefined while the session is being read.
  const [session, setSession] = useState<authApi.SessionInfo>();
  const [nonceWaitUntil, setNonceWaitUntil] = useState<number | null>(null);
  const [adapter] = useState(() => createSiweAdapter(setSession, setNonceWaitUntil));
  const { address, status: connection } = useAccount();

  useEffect(() => {
    authApi.fetchSession().then(setSession, (error: unknown) => {
      console.warn('[token-portfolio] could not read the sign-in session', error);
      setSession({ address: null, chainId: null });
    });
  }, []);

  let status: AuthenticationStatus;
  // Loading while the cookie or the wallet's reconnect is pending: no flash of 'Connect Wallet'.
  if (session === undefined || connection === 'reconnecting') status = 'loading';
  else if (session.address && address && isAddressEqual(session.address, address))
    status = 'authenticated';
  else status = 'unauthenticated';
  return { adapter, status, nonceWaitUntil };
}
