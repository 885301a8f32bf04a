import { createAction, type UnknownAction } from '@reduxjs/toolkit';

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

/** The store's state as the selectors read it: the slice is absent until injected. */
type WithWallet = { wallet?: WalletState };

/** The wallet, or disconnected while the header (and its slice) has not loaded. */
export const selectWallet = (state: WithWallet): WalletState => state.wallet ?? disconnectedWallet;
export const selectWalletAddress = (state: WithWallet) => selectWallet(state).address;
export const selectWalletChainId = (state: WithWallet) => selectWallet(state).chainId;
