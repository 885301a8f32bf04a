import { createAppStore } from '../store/createStore';
import {
  selectWallet,
  selectWalletAddress,
  selectWalletChainId,
  walletChanged,
  walletSlice,
} from './walletSlice';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

test('reads as disconnected before the header has injected the slice', () => {
  const store = createAppStore();
  expect(selectWallet(store.getState())).toEqual({
    status: 'disconnected',
    address: null,
    chainId: null,
  });
});

test('other remotes read the connected address and chain once the header reports them', () => {
  const store = createAppStore();
  store.injectSlice(walletSlice);
  store.dispatch(walletChanged({ status: 'connected', address, chainId: 10 }));
  expect(selectWalletAddress(store.getState())).toBe(address);
  expect(selectWalletChainId(store.getState())).toBe(10);

  store.dispatch(walletChanged({ status: 'disconnected', address: null, chainId: null }));
  expect(selectWalletAddress(store.getState())).toBeNull();
});

test('injecting the slice twice keeps the reported wallet', () => {
  const store = createAppStore();
  store.injectSlice(walletSlice);
  store.dispatch(walletChanged({ status: 'connected', address, chainId: 1 }));
  store.injectSlice(walletSlice);
  expect(selectWallet(store.getState()).status).toBe('connected');
});
