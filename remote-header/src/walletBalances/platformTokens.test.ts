import {
  createFixtureApi,
  COIN_PLATFORMS,
  LOCAL_CHAIN_CONTRACTS,
} from '@token-portfolio/shared/fixtures';
import { LOCAL_CHAIN_PLATFORM_ID } from '@token-portfolio/shared';
import { getResponse } from 'msw';
import { platformTokens } from './platformTokens';

/** The fixture API's /coins/list?include_platform=true answer. */
async function fixtureCoinList(): Promise<unknown> {
  const { handlers } = createFixtureApi();
  const answer = await getResponse(
    handlers,
    new Request('https://fixtures.test/api/v3/coins/list?include_platform=true'),
  );
  return answer?.json();
}

describe('platformTokens', () => {
  it("finds each token's contract on a platform of the real list, checksummed", async () => {
    const tokens = platformTokens(await fixtureCoinList(), 'ethereum');
    expect(tokens?.get('usd-coin')).toEqual({
      coinId: 'usd-coin',
      name: 'USDC',
      symbol: 'usdc',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    });
    expect(tokens?.has('bitcoin')).toBe(false);
    const listedOnEthereum = Object.entries(COIN_PLATFORMS).filter(([, p]) => p['ethereum']);
    expect(tokens?.size).toBe(listedOnEthereum.length);
  });

  it("finds the local chain's fixture tokens under its platform id", async () => {
    const tokens = platformTokens(await fixtureCoinList(), LOCAL_CHAIN_PLATFORM_ID);
    expect(Object.fromEntries([...(tokens ?? [])].map(([id, t]) => [id, t.address]))).toEqual(
      LOCAL_CHAIN_CONTRACTS,
    );
  });

  it('skips entries that are not a coin with a usable address', () => {
    const tokens = platformTokens(
      [
        { id: 'no-platforms', symbol: 'x', name: 'X' },
        { id: 'empty', symbol: 'e', name: 'E', platforms: { base: '' } },
        { id: 'null', symbol: 'n', name: 'N', platforms: { base: null } },
        { id: 'short', symbol: 's', name: 'S', platforms: { base: '0x1234' } },
        {
          id: 'solana-style',
          symbol: 's',
          name: 'S',
          platforms: { base: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
        },
        {
          symbol: 'i',
          name: 'No id',
          platforms: { base: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' },
        },
        'not a coin',
        null,
        {
          id: 'spaced',
          symbol: '',
          name: '',
          platforms: { base: ' 0x50c5725949a6f0c72e6c4a641f24049a917db0cb ' },
        },
      ],
      'base',
    );
    expect([...(tokens?.values() ?? [])]).toEqual([
      {
        coinId: 'spaced',
        name: 'spaced',
        symbol: 'spaced',
        address: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb',
      },
    ]);
  });

  it('offers an address claimed by two coins once, for the first', () => {
    const address = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
    const tokens = platformTokens(
      [
        { id: 'usd-coin', symbol: 'usdc', name: 'USDC', platforms: { base: address } },
        {
          id: 'bridged-usdc',
          symbol: 'usdc',
          name: 'Bridged USDC',
          platforms: { base: address.toUpperCase().replace('0X', '0x') },
        },
      ],
      'base',
    );
    expect([...(tokens?.keys() ?? [])]).toEqual(['usd-coin']);
  });

  it('says when the answer is not a list', () => {
    expect(platformTokens({ error: 'rate limited' }, 'base')).toBeNull();
    expect(platformTokens('[]', 'base')).toBeNull();
    expect(platformTokens([], 'base')?.size).toBe(0);
  });
});
