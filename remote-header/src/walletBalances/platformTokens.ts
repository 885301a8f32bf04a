import { getAddress, isAddress, type Address } from 'viem';

/** A coin with a contract on one platform, as /coins/list?include_platform lists it. */
export interface PlatformToken {
  coinId: string;
  name: string;
  symbol: string;
  /** Checksummed. */
  address: Address;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

/**
 * The tokens one platform lists, by coin id. The list is untrusted: an entry without an id,
 * or whose address is empty or not an address, is skipped, and an address claimed by two
 * coins (bridged copies are listed that way) counts for the first only, so no balance is
 * offered twice. Returns null when the answer is not a list at all.
 */
export function platformTokens(
  coinList: unknown,
  platformId: string,
): Map<string, PlatformToken> | null {
  if (!Array.isArray(coinList)) return null;
  const tokens = new Map<string, PlatformToken>();
  const seen = new Set<string>();
  for (const coin of coinList) {
    if (!isRecord(coin) || !isRecord(coin['platforms'])) continue;
    const coinId = coin['id'];
    const raw = coin['platforms'][platformId];
    if (typeof coinId !== 'string' || coinId === '' || tokens.has(coinId)) continue;
    if (typeof raw !== 'string' || !isAddress(raw.trim(), { strict: false })) continue;
    const address = getAddress(raw.trim());
    if (seen.has(address)) continue;
    seen.add(address);
    tokens.set(coinId, {
      coinId,
      name: text(coin['name'], coinId),
      symbol: text(coin['symbol'], coinId),
      address,
    });
  }
  return tokens;
}
