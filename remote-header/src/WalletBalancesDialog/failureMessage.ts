import { MarketError } from '@token-portfolio/shared';
import {
  ChainReadError,
  UnsupportedChainError,
  UnusableCoinListError,
} from '../walletBalances/balancesErrors';

const either = new Intl.ListFormat('en', { type: 'disjunction' });

/** The one line the dialog shows when the whole list could not be read. */
export function failureMessage(
  error: unknown,
  chainName: string,
  offeredChains: readonly string[],
): string {
  if (error instanceof UnsupportedChainError) {
    return `Balances can't be read on this network. Switch to ${either.format(offeredChains)}.`;
  }
  if (error instanceof ChainReadError) {
    return error.unreachable
      ? `Could not reach ${chainName} to read balances. Check your connection, then try again.`
      : `${chainName} did not answer the balance reads. Try again later.`;
  }
  if (error instanceof MarketError) return `Could not load the token list: ${error.message}`;
  if (error instanceof UnusableCoinListError) return error.message;
  return 'Could not read balances. Try again later.';
}
