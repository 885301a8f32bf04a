import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  erc20Abi,
  type Address,
  type PublicClient,
} from 'viem';
import { ChainReadError } from './balancesErrors';
import type { PlatformToken } from './platformTokens';
import { exactAmount } from './tokenAmount';

/** What one token's contract said: an exact amount, or why there is none. */
export type TokenReading =
  | { coinId: string; status: 'found'; amount: string }
  /** balanceOf or decimals reverted. */
  | { coinId: string; status: 'reverted' }
  /** The answer was not a token's: no contract there, wrong size, impossible decimals. */
  | { coinId: string; status: 'unreadable' };

export interface WalletReading {
  /** The native coin's balance, exact. */
  native: string;
  tokens: TokenReading[];
}

interface BalanceQuery {
  account: Address;
  tokens: readonly PlatformToken[];
  nativeDecimals: number;
}

/** What reading needs of a viem public client (wagmi's client extended with publicActions). */
export type BalanceReader = Pick<PublicClient, 'getBalance' | 'multicall' | 'chain'>;

type CallResult = { status: 'success'; result: unknown } | { status: 'failure'; error: Error };

/** The multicall itself failed (unreachable RPC, no Multicall3): no token was read. */
const isWholeCallFailure = (error: Error) =>
  error instanceof ContractFunctionExecutionError && error.functionName === 'aggregate3';

function tokenReading(coinId: string, balance: CallResult, decimals: CallResult): TokenReading {
  for (const call of [balance, decimals]) {
    if (call.status === 'failure') {
      const reverted =
        call.error instanceof BaseError &&
        call.error.walk((e) => e instanceof ContractFunctionRevertedError) !== null;
      return { coinId, status: reverted ? 'reverted' : 'unreadable' };
    }
  }
  const amount =
    balance.status === 'success' && decimals.status === 'success'
      ? exactAmount(balance.result, decimals.result)
      : null;
  return amount === null ? { coinId, status: 'unreadable' } : { coinId, status: 'found', amount };
}

/**
 * Reads the native balance (one eth_getBalance) and every token's balanceOf and decimals
 * (one multicall: one eth_call to the chain's Multicall3, never a call per token). Read
 * only: nothing is signed or sent. A token whose contract fails gets its own reading; when
 * the chain cannot be read at all this throws a ChainReadError.
 */
export async function readBalances(
  client: BalanceReader,
  { account, tokens, nativeDecimals }: BalanceQuery,
): Promise<WalletReading> {
  const contracts = tokens.flatMap(({ address }) => [
    { address, abi: erc20Abi, functionName: 'balanceOf', args: [account] } as const,
    { address, abi: erc20Abi, functionName: 'decimals' } as const,
  ]);
  try {
    const [nativeRaw, results] = await Promise.all([
      client.getBalance({ address: account }),
      contracts.length === 0
        ? Promise.resolve([])
        : // batchSize 0: one aggregate3 call however many tokens (viem splits at 1 KB).
          client.multicall({ contracts, allowFailure: true, batchSize: 0 }),
    ]);
    const calls = results as CallResult[];
    const whole = calls.find(
      (call): call is Extract<CallResult, { status: 'failure' }> =>
        call.status === 'failure' && isWholeCallFailure(call.error),
    );
    if (whole) throw whole.error;
    const native = exactAmount(nativeRaw, nativeDecimals);
    if (native === null) throw new Error(`unreadable native balance ${String(nativeRaw)}`);
    return {
      native,
      tokens: tokens.map((token, index) => {
        const balance = calls[index * 2];
        const decimals = calls[index * 2 + 1];
        return balance && decimals
          ? tokenReading(token.coinId, balance, decimals)
          : { coinId: token.coinId, status: 'unreadable' };
      }),
    };
  } catch (error) {
    throw new ChainReadError(error);
  }
}
