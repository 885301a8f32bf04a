import type { PlatformToken } from './platformTokens';

/** How many of the largest coins by market cap are looked for besides the watched ones. */
export const LARGEST_COINS_LOOKED_FOR = 50;

interface CandidateSources {
  /** The platform's tokens by coin id (platformTokens). */
  tokens: ReadonlyMap<string, PlatformToken>;
  /** The watchlist, in its order. */
  watchedIds: readonly string[];
  /** The largest coins by market cap, largest first. */
  largestIds: readonly string[];
  /** Read apart with eth_getBalance, even where the coin also lists a contract (POL). */
  nativeCoinId: string;
}

/**
 * The tokens whose balance is read: every watched token with a contract on the chain,
 * then the largest coins with one (so a token held but not watched is found too), each
 * once, never the native coin.
 */
export function balanceCandidates({
  tokens,
  watchedIds,
  largestIds,
  nativeCoinId,
}: CandidateSources): PlatformToken[] {
  const candidates = new Map<string, PlatformToken>();
  for (const coinId of [...watchedIds, ...largestIds]) {
    const token = tokens.get(coinId);
    if (token && coinId !== nativeCoinId) candidates.set(coinId, token);
  }
  return [...candidates.values()];
}
