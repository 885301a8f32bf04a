import { formatUnits } from 'viem';

/** ERC-20 decimals() is a uint8: anything else is not an answer we can trust. */
export function isTokenDecimals(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255;
}

/**
 * A raw on-chain amount as an exact decimal string ('1234567.123456789012345678'), the form
 * holdings are kept in. viem's formatUnits works on the bigint, so no digit is lost to a
 * float; null when the amount or decimals are not a token's.
 */
export function exactAmount(raw: unknown, decimals: unknown): string | null {
  if (typeof raw !== 'bigint' || raw < 0n || !isTokenDecimals(decimals)) return null;
  return formatUnits(raw, decimals);
}
