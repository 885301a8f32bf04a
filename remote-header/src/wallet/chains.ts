import type { Chain } from 'viem';
import { arbitrum, base, hardhat, mainnet, optimism, polygon } from 'viem/chains';
import { LOCAL_CHAIN_ID } from './chainIds';

/**
 * Multicall3 on the local chain, named here as viem names it on the public chains. It is
 * where the browser tests' setup deploys it: the first contract of a fixed deployer key on
 * a fresh chain (e2e/support/localContracts.ts checks that it lands here). A local node
 * started otherwise has no Multicall3, and the wallet-balances dialog says it can't read.
 */
export const LOCAL_CHAIN_MULTICALL3_ADDRESS = '0x8464135c8F25Da09e49BC8782676a84730C318bC';

/** The chains of docs/product.md#numbers-and-limits, plus the local development chain when its RPC URL is set. */
export function walletChains(localChainRpcUrl: string | null): [Chain, ...Chain[]] {
  const publicChains: [Chain, ...Chain[]] = [mainnet, optimism, polygon, base, arbitrum];
  if (localChainRpcUrl === null) return publicChains;
  const localChain: Chain = {
    ...hardhat,
    id: LOCAL_CHAIN_ID,
    name: 'Local chain',
    rpcUrls: { default: { http: [localChainRpcUrl] } },
    contracts: { multicall3: { address: LOCAL_CHAIN_MULTICALL3_ADDRESS } },
  };
  return [...publicChains, localChain];
}
