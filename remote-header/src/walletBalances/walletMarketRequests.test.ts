import { CACHE_TIMES, LOCAL_CHAIN_PLATFORM_ID, RequestCache } from '@token-portfolio/shared';
import { COIN_TABLE, LOCAL_CHAIN_CONTRACTS } from '@token-portfolio/shared/fixtures';
import { setupFixtureMarket } from '@token-portfolio/shared/testing';
import { fetchCoinPlatforms } from './fetchCoinPlatforms';
import { fetchLargestCoins } from './fetchLargestCoins';

const { control } = setupFixtureMarket();

describe('fetchCoinPlatforms', () => {
  it('gets every coin with its contracts in one request', async () => {
    const coins = await fetchCoinPlatforms();

    expect(control.requests).toHaveLength(1);
    expect(control.requests[0]).toMatchObject({
      path: '/coins/list',
      query: { include_platform: 'true' },
    });
    expect(coins).toHaveLength(COIN_TABLE.length);
    expect(coins.find((coin) => coin.id === 'usd-coin')).toEqual({
      id: 'usd-coin',
      symbol: 'usdc',
      name: 'USDC',
      platforms: expect.objectContaining({
        ethereum: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        [LOCAL_CHAIN_PLATFORM_ID]: LOCAL_CHAIN_CONTRACTS['usd-coin'].toLowerCase(),
      }),
    });
    expect(coins.find((coin) => coin.id === 'bitcoin')?.platforms).toEqual({});
  });

  it('is kept a day: a second opening within the day sends nothing', async () => {
    let now = 0;
    const cache = new RequestCache(() => now);
    const times = CACHE_TIMES.coinPlatforms;
    await cache.fetch('coins/list', () => fetchCoinPlatforms(), times);
    now += 23 * 3_600_000;
    await cache.fetch('coins/list', () => fetchCoinPlatforms(), times);
    expect(control.requests).toHaveLength(1);
    now += 3_600_000;
    await cache.fetch('coins/list', () => fetchCoinPlatforms(), times);
    expect(control.requests).toHaveLength(2);
  });
});

describe('fetchLargestCoins', () => {
  it('asks for the first page of the given size by market cap, largest first', async () => {
    const coins = await fetchLargestCoins(50);

    expect(control.requests).toHaveLength(1);
    expect(control.requests[0]?.query).toEqual({
      vs_currency: 'usd',
      per_page: '50',
      page: '1',
    });
    expect(coins).toHaveLength(Math.min(50, COIN_TABLE.length));
    expect(coins[0]?.id).toBe('bitcoin');
    const caps = coins.map((coin) => coin.market_cap ?? 0);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
  });
});
