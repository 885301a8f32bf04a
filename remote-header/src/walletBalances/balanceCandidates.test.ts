import { getAddress } from 'viem';
import { balanceCandidates } from './balanceCandidates';
import type { PlatformToken } from './platformTokens';

const token = (coinId: string, n: number): PlatformToken => ({
  coinId,
  name: coinId,
  symbol: coinId.slice(0, 3),
  address: getAddress(`0x${n.toString(16).padStart(40, '0')}`),
});

const tokens = new Map(
  [
    token('usd-coin', 1),
    token('chainlink', 2),
    token('dai', 3),
    token('polygon-ecosystem-token', 4),
    token('uniswap', 5),
  ].map((t) => [t.coinId, t]),
);

describe('balanceCandidates', () => {
  it('reads watched tokens with a contract first, then the largest coins with one, each once', () => {
    const candidates = balanceCandidates({
      tokens,
      watchedIds: ['ethereum', 'dai', 'bitcoin', 'chainlink'],
      largestIds: ['bitcoin', 'ethereum', 'usd-coin', 'chainlink', 'solana'],
      nativeCoinId: 'ethereum',
    });
    expect(candidates.map((t) => t.coinId)).toEqual(['dai', 'chainlink', 'usd-coin']);
  });

  it("leaves the native coin to eth_getBalance even where it lists a contract (POL's)", () => {
    const candidates = balanceCandidates({
      tokens,
      watchedIds: ['polygon-ecosystem-token'],
      largestIds: ['polygon-ecosystem-token', 'uniswap'],
      nativeCoinId: 'polygon-ecosystem-token',
    });
    expect(candidates.map((t) => t.coinId)).toEqual(['uniswap']);
  });

  it('is empty when nothing has a contract on the chain', () => {
    expect(
      balanceCandidates({
        tokens: new Map(),
        watchedIds: ['bitcoin'],
        largestIds: ['bitcoin'],
        nativeCoinId: 'ethereum',
      }),
    ).toEqual([]);
  });
});
