import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../store/createStore';

export type WalletConnectionStatus = 'disconnected' | 'connecting' | 'connected';

/**
 * The connected wallet as the other remotes see it. Written only by the header remote
 * (which owns wagmi); everyone else reads it through the selectors below.
 */
export interface WalletState {
  status: WalletConnectionStatus;
  address: `0x${string}` | null;
  chainId: number | null;
}

export const disconnectedWallet: WalletState = {
  status: 'disconnected',
  address: null,
  chainId: null,
};

export const walletChanged = createAction<WalletState>('wallet/walletChanged');

export const walletSlice = {
  reducerPath: 'wallet',
  reducer: (state: WalletState = disconnectedWallet, action: UnknownAction): WalletState =>
    walletChanged.match(action) ? action.payload : state,
} as const;

declare module '../store/createStore' {
  interface LazyLoadedSlices {
    wallet: WalletState;
  }
}

/** The wallet, or disconnected while the header (and its slice) has not loaded. */
export const selectWallet = (state: RootState): WalletState => state.wallet ?? disconnectedWallet;
export const selectWalletAddress = (state: RootState) => selectWallet(state).address;
export const selectWalletChainId = (state: RootState) => selectWallet(state).chainId;
