import { useState } from 'react';
import type { AuthenticationStatus } from '@rainbow-me/rainbowkit';
import { isAddressEqual } from 'viem';
import { useAccount } from 'wagmi';
import type * as authApi from './authApi';
import { createSiweAdapter, type SiweAdapter } from './siweAdapter';

/**
 * Sign-In with Ethereum for RainbowKit: the adapter, and the authentication status from
 * the session (authenticated only for the wallet account that signed in). `initial`: the
 * session the page read before the wallet code came (signInState).
 */
export function useSiweAuthentication(initial: authApi.SessionInfo): {
  adapter: SiweAdapter;
  status: AuthenticationStatus;
} {
  const [session, setSession] = useState(initial);
  const [adapter] = useState(() => createSiweAdapter(setSession));
  const { address, status: connection } = useAccount();

  let status: AuthenticationStatus;
  // Loading while the wallet's reconnect is pending: no flash of 'Connect Wallet'.
  if (connection === 'reconnecting') status = 'loading';
  else if (session.address && address && isAddressEqual(session.address, address))
    status = 'authenticated';
  else status = 'unauthenticated';
  return { adapter, status };
}
