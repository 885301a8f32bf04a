import { LOCAL_CHAIN_PLATFORM_ID } from '@token-portfolio/shared';
import { LOCAL_CHAIN_ID } from './chainIds';

/** Where a chain's tokens are listed in the market data, and which coin its gas coin is. */
export interface ChainPlatform {
  /** CoinGecko's asset-platform id: the key of a coin's contract in /coins/list. */
  platformId: string;
  /** The CoinGecko id of the chain's native coin. */
  nativeCoinId: string;
}

const CHAIN_PLATFORMS: Readonly<Record<number, ChainPlatform>> = {
  1: { platformId: 'ethereum', nativeCoinId: 'ethereum' },
  10: { platformId: 'optimistic-ethereum', nativeCoinId: 'ethereum' },
  137: { platformId: 'polygon-pos', nativeCoinId: 'polygon-ecosystem-token' },
  8453: { platformId: 'base', nativeCoinId: 'ethereum' },
  42161: { platformId: 'arbitrum-one', nativeCoinId: 'ethereum' },
  // Reached only when the local chain is configured: a platform only the fixtures list.
  [LOCAL_CHAIN_ID]: { platformId: LOCAL_CHAIN_PLATFORM_ID, nativeCoinId: 'ethereum' },
};

/** The platform of a chain the app offers; null for any other chain. */
export function chainPlatform(chainId: number): ChainPlatform | null {
  return CHAIN_PLATFORMS[chainId] ?? null;
}
