import { BaseError, HttpRequestError, TimeoutError } from 'viem';

/** The wallet is on a chain the app does not offer (or offers without a market platform). */
export class UnsupportedChainError extends Error {
  override name = 'UnsupportedChainError';
  constructor(readonly chainId: number) {
    super(`Balances can't be read on chain ${chainId}.`);
  }
}

/** The chain's RPC could not be asked, or did not answer the balance reads. */
export class ChainReadError extends Error {
  override name = 'ChainReadError';
  /** True when the RPC endpoint could not be reached at all (offline, down, timed out). */
  readonly unreachable: boolean;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.unreachable =
      cause instanceof BaseError &&
      cause.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;
  }
}

/** The market API answered, but not with a list of coins. */
export class UnusableCoinListError extends Error {
  override name = 'UnusableCoinListError';
  constructor() {
    super('The token list from the market data could not be read.');
  }
}
