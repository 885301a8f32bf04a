import { guardStorageForWallet } from './walletStorage';

const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
let warn: jest.SpyInstance;

beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  if (original) Object.defineProperty(window, 'localStorage', original);
  localStorage.clear();
});

test('a working storage is left alone', () => {
  const before = window.localStorage;
  guardStorageForWallet();
  expect(window.localStorage).toBe(before);
  expect(warn).not.toHaveBeenCalled();
});

test('blocked storage: the wallet libraries get a memory storage for the visit', () => {
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  });
  guardStorageForWallet();
  window.localStorage.setItem('wagmi.recentConnectorId', '"injected"');
  expect(window.localStorage.getItem('wagmi.recentConnectorId')).toBe('"injected"');
  expect(window.localStorage.getItem('rk-recent')).toBeNull();
  // The wishlist's own saving still fails, so it keeps deciding and warning itself.
  expect(() => window.localStorage.setItem('token-portfolio/wishlist/v1', '{}')).toThrow();
  expect(warn).toHaveBeenCalledTimes(1);
  guardStorageForWallet();
  expect(warn).toHaveBeenCalledTimes(1);
});

test('full storage: saved entries are still read; new ones are kept in memory', () => {
  localStorage.setItem('rk-version', '2');
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  guardStorageForWallet();
  expect(window.localStorage.getItem('rk-version')).toBe('2');
  window.localStorage.setItem('rk-recent', '["injected"]');
  expect(window.localStorage.getItem('rk-recent')).toBe('["injected"]');
  window.localStorage.removeItem('rk-recent');
  expect(window.localStorage.getItem('rk-recent')).toBeNull();
  expect(() => window.localStorage.setItem('token-portfolio/wishlist/v1', '{}')).toThrow(/quota/);
  expect(warn).toHaveBeenCalledTimes(1);
});
