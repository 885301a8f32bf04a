import type { Chain } from 'viem';
import { arbitrum, base, hardhat, mainnet, optimism, polygon } from 'viem/chains';
import { LOCAL_CHAIN_ID } from './chainIds';

/** SPEC section 9's chains, plus the local development chain when its RPC URL is set. */
export function walletChains(localChainRpcUrl: string | null): [Chain, ...Chain[]] {
  const publicChains: [Chain, ...Chain[]] = [mainnet, optimism, polygon, base, arbitrum];
  if (localChainRpcUrl === null) return publicChains;
  const localChain: Chain = {
    ...hardhat,
    id: LOCAL_CHAIN_ID,
    name: 'Local chain',
    rpcUrls: { default: { http: [localChainRpcUrl] } },
  };
  return [...publicChains, localChain];
}
