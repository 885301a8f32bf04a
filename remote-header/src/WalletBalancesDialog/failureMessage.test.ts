import { HttpRequestError } from 'viem';
import { ConnectionError, InternalServerError } from '@token-portfolio/shared';
import {
  ChainReadError,
  UnsupportedChainError,
  UnusableCoinListError,
} from '../walletBalances/balancesErrors';
import { failureMessage } from './failureMessage';

const offered = ['Ethereum', 'OP Mainnet', 'Polygon', 'Base', 'Arbitrum One'];
const message = (error: unknown) => failureMessage(error, 'Base', offered);

describe('failureMessage', () => {
  it('names the networks to switch to on a chain the app does not offer', () => {
    expect(message(new UnsupportedChainError(56))).toBe(
      "Balances can't be read on this network. Switch to Ethereum, OP Mainnet, Polygon, Base, or Arbitrum One.",
    );
  });

  it('tells an unreachable RPC from one that answered wrongly', () => {
    const down = new ChainReadError(new HttpRequestError({ url: 'https://rpc.test' }));
    expect(message(down)).toBe(
      'Could not reach Base to read balances. Check your connection, then try again.',
    );
    expect(message(new ChainReadError(new Error('returned no data')))).toBe(
      'Base did not answer the balance reads. Try again later.',
    );
  });

  it("passes on the market API's error", () => {
    expect(message(new InternalServerError(500, '500 Internal server error'))).toBe(
      'Could not load the token list: 500 Internal server error',
    );
    expect(message(new ConnectionError())).toBe('Could not load the token list: Connection error.');
    expect(message(new UnusableCoinListError())).toBe(
      'The token list from the market data could not be read.',
    );
  });

  it('has a plain line for anything else', () => {
    expect(message(new TypeError('x is undefined'))).toBe(
      'Could not read balances. Try again later.',
    );
  });
});
