import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const walletSlice = createSlice({
  name: 'wallet',
  initialState: disconnectedWallet,
  reducers: {
    walletChanged: (_state, action: PayloadAction<WalletState>) => action.payload,
  },
});

export const { walletChanged } = walletSlice.actions;

declare module '../store/createStore' {
  interface LazyLoadedSlices {
    wallet: WalletState;
  }
}

/** The wallet, or disconnected while the header (and its slice) has not loaded. */
export const selectWallet = (state: RootState): WalletState => state.wallet ?? disconnectedWallet;
export const selectWalletAddress = (state: RootState) => selectWallet(state).address;
export const selectWalletChainId = (state: RootState) => selectWallet(state).chainId;
