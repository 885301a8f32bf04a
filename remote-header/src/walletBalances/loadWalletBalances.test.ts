import {
  COIN_TABLE,
  LOCAL_CHAIN_CONTRACTS,
  startFixtureServer,
  type RunningFixtureServer,
} from '@token-portfolio/shared/fixtures';
import { coinRecord } from '@token-portfolio/shared/testing';
import {
  configureMarket,
  InternalServerError,
  marketCache,
  type WishlistState,
} from '@token-portfolio/shared';
import type { Address } from 'viem';
import { fakeChainNode, type FakeContract } from '../testing/fakeChainNode';
import { LOCAL_CHAIN_ID } from '../wallet/chainIds';
import { UnsupportedChainError } from './balancesErrors';
import { LARGEST_COINS_LOOKED_FOR } from './balanceCandidates';
import { loadWalletBalances } from './loadWalletBalances';
import { cachedLargestCoins } from './walletMarket';

const account: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ETHER = 10n ** 18n;
const priceOf = (id: string) => COIN_TABLE.find((row) => row.id === id)?.price;

/** What the browser tests deploy on the local chain, as the fake node's contracts. */
const deployed: Record<Address, FakeContract> = {
  [LOCAL_CHAIN_CONTRACTS['usd-coin']]: { balance: 2_500_500_000n, decimals: 6 },
  [LOCAL_CHAIN_CONTRACTS.chainlink]: { balance: 1_234_567_123_456_789_012_345_678n, decimals: 18 },
  [LOCAL_CHAIN_CONTRACTS.dai]: { reverts: 'balanceOf is broken' },
};

/** The sample watchlist: ethereum loaded with holdings '1', solana loaded. */
const wishlist: WishlistState = {
  ids: ['ethereum', 'solana'],
  entities: {
    ethereum: {
      ...coinRecord({ id: 'ethereum', name: 'Ethereum', symbol: 'eth', current_price: 4000 }),
      holdings: '1',
      value: 4000,
    },
    solana: { ...coinRecord({ id: 'solana', current_price: 196.78 }), holdings: '0', value: 0 },
  },
};

let market: RunningFixtureServer;
let errors: jest.SpyInstance;
beforeAll(async () => {
  market = await startFixtureServer();
});
afterAll(() => market.close());
beforeEach(() => {
  configureMarket({ baseUrl: market.url, apiKey: null, plan: 'demo' });
  market.reset();
  marketCache.clear();
  errors = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('loadWalletBalances', () => {
  it('lists the native coin and each token found, exactly, for two market requests and two RPC calls', async () => {
    const { client, methods } = fakeChainNode(100n * ETHER, deployed);

    const lines = await loadWalletBalances({ chainId: LOCAL_CHAIN_ID, client, account, wishlist });

    expect(lines).toEqual([
      {
        coinId: 'ethereum',
        status: 'found',
        amount: '100',
        name: 'Ethereum',
        symbol: 'eth',
        image: null,
        // The watchlist's own price, so the value here is the value it will show.
        price: 4000,
      },
      expect.objectContaining({
        coinId: 'usd-coin',
        status: 'found',
        amount: '2500.5',
        name: 'USDC',
        symbol: 'usdc',
        price: priceOf('usd-coin'),
        image: expect.stringMatching(/\/fixtures\/images\/usd-coin\.svg$/),
      }),
      expect.objectContaining({
        coinId: 'chainlink',
        status: 'found',
        amount: '1234567.123456789012345678',
        price: priceOf('chainlink'),
      }),
      expect.objectContaining({ coinId: 'dai', status: 'reverted', name: 'Dai' }),
      // Nothing at uniswap's listed address on this chain: no token answers there.
      expect.objectContaining({ coinId: 'uniswap', status: 'unreadable', name: 'Uniswap' }),
    ]);
    expect(market.requests().map((r) => r.path)).toEqual(['/coins/list', '/coins/markets']);
    expect(methods.sort()).toEqual(['eth_call', 'eth_getBalance']);
  });

  it('asks the market nothing more when opened again (list kept a day, top coins 60 s)', async () => {
    const { client } = fakeChainNode(ETHER, deployed);
    await loadWalletBalances({ chainId: LOCAL_CHAIN_ID, client, account, wishlist });
    await loadWalletBalances({ chainId: LOCAL_CHAIN_ID, client, account, wishlist });
    expect(market.requests()).toHaveLength(2);
  });

  it('leaves out zero balances', async () => {
    const { client } = fakeChainNode(0n, {
      [LOCAL_CHAIN_CONTRACTS['usd-coin']]: { balance: 0n, decimals: 6 },
      [LOCAL_CHAIN_CONTRACTS.chainlink]: { balance: 1n, decimals: 18 },
      [LOCAL_CHAIN_CONTRACTS.dai]: { balance: 0n, decimals: 18 },
      [LOCAL_CHAIN_CONTRACTS.uniswap]: { balance: 0n, decimals: 18 },
    });
    const lines = await loadWalletBalances({ chainId: LOCAL_CHAIN_ID, client, account, wishlist });
    expect(lines.map((line) => [line.coinId, line.status === 'found' && line.amount])).toEqual([
      ['chainlink', '0.000000000000000001'],
    ]);
  });

  it('prices a held coin that neither the watchlist nor the largest coins priced, in one request', async () => {
    const { client } = fakeChainNode(0n, deployed);
    const watchingUnloaded: WishlistState = {
      ids: ['chainlink', 'usd-coin'],
      entities: { chainlink: null, 'usd-coin': null },
    };
    const lines = await loadWalletBalances({
      chainId: LOCAL_CHAIN_ID,
      client,
      account,
      wishlist: watchingUnloaded,
      largestCount: 5,
    });
    expect(lines.map((line) => [line.coinId, line.price])).toEqual([
      ['chainlink', priceOf('chainlink')],
      ['usd-coin', priceOf('usd-coin')],
    ]);
    const priceRequest = market.requests()[2];
    expect(market.requests()).toHaveLength(3);
    expect(priceRequest?.query['ids']).toBe('chainlink,usd-coin');
  });

  it('refuses a chain the app does not offer, before any request', async () => {
    const { client } = fakeChainNode(ETHER, deployed);
    await expect(
      loadWalletBalances({ chainId: 56, client, account, wishlist }),
    ).rejects.toBeInstanceOf(UnsupportedChainError);
    await expect(
      loadWalletBalances({ chainId: LOCAL_CHAIN_ID, client: null, account, wishlist }),
    ).rejects.toBeInstanceOf(UnsupportedChainError);
    expect(market.requests()).toHaveLength(0);
  });

  it('fails with the market error when the token list cannot be had', async () => {
    market.setMode({ mode: '500' });
    const { client, methods } = fakeChainNode(ETHER, deployed);
    await expect(
      loadWalletBalances({ chainId: LOCAL_CHAIN_ID, client, account, wishlist }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(methods).toEqual([]);
    // The other request, still retrying, is joined so that it ends inside this test.
    await expect(cachedLargestCoins(LARGEST_COINS_LOOKED_FOR)).rejects.toThrow();
  }, 20_000);
});
