import { useEffect, useState } from 'react';
import type { AuthenticationStatus } from '@rainbow-me/rainbowkit';
import { isAddressEqual } from 'viem';
import { useAccount, useConfig, type Config } from 'wagmi';
import { getAccount } from 'wagmi/actions';
import {
  selectSignedInAddress,
  sessionConfirmed,
  sessionEnded,
  useAppDispatch,
  useAppStore,
  type SessionEndReason,
} from '@token-portfolio/shared';
import type * as authApi from './authApi';
import { createSiweAdapter, type SiweAdapter } from './siweAdapter';

/** Why a sign-in ended here: RainbowKit signs out on a disconnect and on an account switch. */
function endReason(config: Config, signedIn: `0x${string}` | null): SessionEndReason {
  const { address, status } = getAccount(config);
  if (status === 'disconnected') return 'disconnected';
  if (address && signedIn && !isAddressEqual(address, signedIn)) return 'accountChanged';
  return 'signedOut';
}

/**
 * Sign-In with Ethereum for RainbowKit: the adapter, the authentication status from the
 * session (authenticated only for the wallet account that signed in), and when the server
 * will give a nonce again after refusing one (null when it did not refuse). `initial`: the
 * session the page read before the wallet code came (signInState). The store hears each
 * sign-in and sign-out (session/confirmed, session/ended): the saved watchlist follows it.
 */
export function useSiweAuthentication(initial: authApi.SessionInfo): {
  adapter: SiweAdapter;
  status: AuthenticationStatus;
  nonceWaitUntil: number | null;
} {
  const [session, setSession] = useState(initial);
  const [nonceWaitUntil, setNonceWaitUntil] = useState<number | null>(null);
  const dispatch = useAppDispatch();
  const config = useConfig();
  const [{ adapter, forget }] = useState(() => {
    let signedIn = initial.address;
    return {
      adapter: createSiweAdapter((next) => {
        setSession(next);
        if (next.address) dispatch(sessionConfirmed({ address: next.address }));
        else if (signedIn) dispatch(sessionEnded({ reason: endReason(config, signedIn) }));
        signedIn = next.address;
      }, setNonceWaitUntil),
      /** The page ended the sign-in: RainbowKit's later sign-out tells it nothing new. */
      forget: () => {
        const had = signedIn !== null;
        signedIn = null;
        return had;
      },
    };
  });
  // A sign-in the page ended itself (the saved watchlist's Sign out, a session ended
  // elsewhere or expired): the button no longer shows it as signed in.
  const store = useAppStore();
  useEffect(() => {
    let confirmed = selectSignedInAddress(store.getState()) !== null;
    return store.subscribe(() => {
      if (selectSignedInAddress(store.getState()) !== null) confirmed = true;
      else if (confirmed) {
        confirmed = false;
        if (forget()) setSession({ address: null, chainId: null });
      }
    });
  }, [store, forget]);
  const { address, status: connection } = useAccount();

  let status: AuthenticationStatus;
  // Loading while the wallet's reconnect is pending: no flash of 'Connect Wallet'.
  if (connection === 'reconnecting') status = 'loading';
  else if (session.address && address && isAddressEqual(session.address, address))
    status = 'authenticated';
  else status = 'unauthenticated';
  return { adapter, status, nonceWaitUntil };
}
