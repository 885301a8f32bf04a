import { readFileSync } from 'node:fs';
import solc from 'solc';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { LOCAL_CHAIN_CONTRACTS } from '@token-portfolio/shared/fixtures';
import { LOCAL_CHAIN_MULTICALL3_ADDRESS } from '@token-portfolio/remote-header/chains';

/**
 * Deploys the contracts: a throwaway key (not the test wallet's, whose ETH stays a round
 * 100), made for these tests. On a fresh chain its nonces start at 0, so deploying in a
 * fixed order puts each contract at a fixed address.
 */
export const DEPLOYER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

/**
 * What the test wallet holds of each token: 2500.5 (6 decimals) and an 18-decimal amount a
 * float would round; `shown` as the page shows it (grouped in thousands, every decimal).
 */
export const TOKEN_BALANCES = {
  'usd-coin': { raw: 2_500_500_000n, decimals: 6, exact: '2500.5', shown: '2,500.5' },
  chainlink: {
    raw: 1_234_567_123_456_789_012_345_678n,
    decimals: 18,
    exact: '1234567.123456789012345678',
    shown: '1,234,567.123456789012345678',
  },
} as const;

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

const SOURCES = ['Multicall3', 'TestToken', 'RevertingToken'] as const;

/**
 * Compiles the Solidity sources in e2e/contracts with solc-js (a few seconds), for
 * ganache 7's newest fork (shanghai). Compiled at test time rather than kept compiled,
 * so the bytecode can never drift from the sources (docs/decisions/0008).
 */
function compileContracts(): Record<(typeof SOURCES)[number], Compiled> {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      SOURCES.map((name) => [
        `${name}.sol`,
        { content: readFileSync(new URL(`../contracts/${name}.sol`, import.meta.url), 'utf8') },
      ]),
    ),
    settings: {
      evmVersion: 'shanghai',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return Object.fromEntries(
    SOURCES.map((name) => {
      const contract = output.contracts[`${name}.sol`]?.[name];
      if (!contract) throw new Error(`solc produced no ${name}`);
      return [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex }];
    }),
  ) as Record<(typeof SOURCES)[number], Compiled>;
}

/**
 * Deploys Multicall3, the two tokens (all of each minted to `holder`) and the reverting
 * token, in that order, and checks that each lands where the app's local chain definition
 * and the fixture market's coin list say it is.
 */
export async function deployLocalContracts(rpcUrl: string, holder: Address): Promise<void> {
  const compiled = compileContracts();
  const chain = { ...hardhat, id: 31337 };
  const transport = http(rpcUrl);
  const wallet = createWalletClient({
    account: privateKeyToAccount(DEPLOYER_KEY),
    chain,
    transport,
  });
  const reader = createPublicClient({ chain, transport });

  async function deploy(contract: Compiled, args: readonly unknown[], expected: Address) {
    const hash = await wallet.deployContract({ ...contract, args });
    const { contractAddress } = await reader.waitForTransactionReceipt({ hash });
    if (!contractAddress || getAddress(contractAddress) !== getAddress(expected)) {
      throw new Error(
        `deployed at ${contractAddress ?? 'nowhere'}, expected ${expected}: the chain was not fresh or the order changed`,
      );
    }
  }

  await deploy(compiled.Multicall3, [], LOCAL_CHAIN_MULTICALL3_ADDRESS);
  const { 'usd-coin': usdc, chainlink } = TOKEN_BALANCES;
  await deploy(
    compiled.TestToken,
    ['Test USD Coin', 'USDC', usdc.decimals, holder, usdc.raw],
    LOCAL_CHAIN_CONTRACTS['usd-coin'],
  );
  await deploy(
    compiled.TestToken,
    ['Test Chainlink', 'LINK', chainlink.decimals, holder, chainlink.raw],
    LOCAL_CHAIN_CONTRACTS.chainlink,
  );
  await deploy(compiled.RevertingToken, [], LOCAL_CHAIN_CONTRACTS.dai);
}
