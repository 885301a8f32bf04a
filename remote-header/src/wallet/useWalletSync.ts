import { useEffect } from 'react';
import { useAccount } from 'wagmi';
import { useAppDispatch, useAppStore, walletChanged, walletSlice } from '@token-portfolio/shared';

/** Mirrors wagmi's account into the shared store, where the other remotes read it. */
export function useWalletSync(): void {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const { address, chainId, status } = useAccount();

  useEffect(() => {
    store.injectSlice(walletSlice);
  }, [store]);

  useEffect(() => {
    const connected = status === 'connected' && address !== undefined;
    dispatch(
      walletChanged({
        status: connected ? 'connected' : status === 'disconnected' ? 'disconnected' : 'connecting',
        address: connected ? address : null,
        chainId: connected ? (chainId ?? null) : null,
      }),
    );
  }, [dispatch, address, chainId, status]);
}
