import { createPublicClient, getAddress, http, numberToHex, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { fakeChainNode } from '../testing/fakeChainNode';
import { ChainReadError } from './balancesErrors';
import type { PlatformToken } from './platformTokens';
import { readBalances } from './readBalances';

const account: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const addressOf = (n: number) => getAddress(`0x${(0x1000 + n).toString(16).padStart(40, '0')}`);
const token = (coinId: string, n: number): PlatformToken => ({
  coinId,
  name: coinId,
  symbol: coinId,
  address: addressOf(n),
});

describe('readBalances', () => {
  it('reads exact amounts with one eth_getBalance and one multicall', async () => {
    const { client, methods } = fakeChainNode(100n * 10n ** 18n, {
      [addressOf(1)]: { balance: 2_500_500_000n, decimals: 6 },
      [addressOf(2)]: { balance: 1_234_567_123_456_789_012_345_678n, decimals: 18 },
      [addressOf(3)]: { balance: 0n, decimals: 18 },
    });

    const reading = await readBalances(client, {
      account,
      tokens: [token('usd-coin', 1), token('chainlink', 2), token('dai', 3)],
      nativeDecimals: 18,
    });

    expect(reading).toEqual({
      native: '100',
      tokens: [
        { coinId: 'usd-coin', status: 'found', amount: '2500.5' },
        { coinId: 'chainlink', status: 'found', amount: '1234567.123456789012345678' },
        { coinId: 'dai', status: 'found', amount: '0' },
      ],
    });
    expect(methods.sort()).toEqual(['eth_call', 'eth_getBalance']);
  });

  it('still sends one eth_call for 250 tokens', async () => {
    const tokens = Array.from({ length: 250 }, (_, i) => token(`coin-${i}`, i));
    const { client, methods } = fakeChainNode(
      0n,
      Object.fromEntries(tokens.map((t, i) => [t.address, { balance: BigInt(i), decimals: 0 }])),
    );
    const reading = await readBalances(client, { account, tokens, nativeDecimals: 18 });
    expect(reading.tokens[249]).toEqual({ coinId: 'coin-249', status: 'found', amount: '249' });
    expect(methods.filter((m) => m === 'eth_call')).toHaveLength(1);
  });

  it('gives a reverting contract and a nonsense answer their own reading', async () => {
    const { client } = fakeChainNode(10n ** 18n, {
      [addressOf(1)]: { reverts: 'balanceOf is broken' },
      // No contract at this address: every call 'succeeds' with no data.
      [addressOf(2)]: { answers: '0x' },
      // Two bytes where a uint256 should be.
      [addressOf(3)]: { answers: '0x1234' },
      // Both reads answer 300: a balance, but not a uint8's decimals.
      [addressOf(4)]: { answers: numberToHex(300, { size: 32 }) },
      [addressOf(5)]: { balance: 7n, decimals: 1 },
    });

    const reading = await readBalances(client, {
      account,
      tokens: [1, 2, 3, 4, 5].map((n) => token(`t${n}`, n)),
      nativeDecimals: 18,
    });

    expect(reading.native).toBe('1');
    expect(reading.tokens).toEqual([
      { coinId: 't1', status: 'reverted' },
      { coinId: 't2', status: 'unreadable' },
      { coinId: 't3', status: 'unreadable' },
      { coinId: 't4', status: 'unreadable' },
      { coinId: 't5', status: 'found', amount: '0.7' },
    ]);
  });

  it('reads only the native balance when no token has a contract on the chain', async () => {
    const { client, methods } = fakeChainNode(123n, {});
    const reading = await readBalances(client, { account, tokens: [], nativeDecimals: 18 });
    expect(reading).toEqual({ native: '0.000000000000000123', tokens: [] });
    expect(methods).toEqual(['eth_getBalance']);
  });

  it('throws an unreachable ChainReadError when the RPC cannot be reached', async () => {
    const client = createPublicClient({
      chain: {
        ...hardhat,
        contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
      },
      // Port 9 (discard) on loopback: nothing listens, the connection is refused.
      transport: http('http://127.0.0.1:9', { retryCount: 0 }),
    });
    const read = readBalances(client, { account, tokens: [token('x', 1)], nativeDecimals: 18 });
    await expect(read).rejects.toBeInstanceOf(ChainReadError);
    await expect(read).rejects.toMatchObject({ unreachable: true });
  });

  it.each([
    ['names no Multicall3', null],
    ['names one where there is no contract', addressOf(99)],
  ] as const)('throws when the chain %s', async (_, multicall3) => {
    const { client } = fakeChainNode(
      1n,
      { [addressOf(1)]: { balance: 1n, decimals: 0 } },
      multicall3,
    );
    await expect(
      readBalances(client, { account, tokens: [token('x', 1)], nativeDecimals: 18 }),
    ).rejects.toMatchObject({ name: 'ChainReadError', unreachable: false });
  });
});
