import { LOCAL_CHAIN_PLATFORM_ID } from '@token-portfolio/shared';
import { chainPlatform } from './chainPlatforms';
import { LOCAL_CHAIN_ID, SUPPORTED_CHAIN_IDS } from './chainIds';
import { walletChains } from './chains';

describe('chainPlatform', () => {
  it('maps the five chains to their CoinGecko platform and native coin', () => {
    expect(SUPPORTED_CHAIN_IDS.map((id) => [id, chainPlatform(id)])).toEqual([
      [1, { platformId: 'ethereum', nativeCoinId: 'ethereum' }],
      [10, { platformId: 'optimistic-ethereum', nativeCoinId: 'ethereum' }],
      [137, { platformId: 'polygon-pos', nativeCoinId: 'polygon-ecosystem-token' }],
      [8453, { platformId: 'base', nativeCoinId: 'ethereum' }],
      [42161, { platformId: 'arbitrum-one', nativeCoinId: 'ethereum' }],
    ]);
  });

  it('maps the local chain to the platform only the fixtures list', () => {
    expect(chainPlatform(LOCAL_CHAIN_ID)).toEqual({
      platformId: LOCAL_CHAIN_PLATFORM_ID,
      nativeCoinId: 'ethereum',
    });
  });

  it('knows no other chain', () => {
    expect(chainPlatform(56)).toBeNull();
    expect(chainPlatform(1337)).toBeNull();
  });

  it('has a platform and a Multicall3 address for every chain the wallet offers', () => {
    for (const chain of walletChains('http://127.0.0.1:8545')) {
      expect(chainPlatform(chain.id)).not.toBeNull();
      expect(chain.contracts?.multicall3?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    }
  });
});
