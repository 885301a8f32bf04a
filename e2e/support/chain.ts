import ganache from 'ganache';
import { privateKeyToAccount } from 'viem/accounts';
import { freePort } from './freePort';
import { DEPLOYER_KEY, deployLocalContracts } from './localContracts';

/** A throwaway key made for these tests: it guards nothing real. */
export const TEST_WALLET_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaa0d06b14e4f9e2b';
export const TEST_WALLET_ADDRESS = privateKeyToAccount(TEST_WALLET_KEY).address;
/** What the test account holds on the local chain: 100 ETH. */
export const TEST_WALLET_BALANCE_WEI = 100n * 10n ** 18n;
export const LOCAL_CHAIN_ID = 31337;

export interface LocalChain {
  rpcUrl: string;
  close(): Promise<void>;
}

/**
 * A local Ethereum node (ganache, in this process) on 127.0.0.1 with the test account
 * funded, and the contracts the wallet-balances dialog reads deployed (localContracts.ts).
 */
export async function startLocalChain(): Promise<LocalChain> {
  const server = ganache.server({
    chain: { chainId: LOCAL_CHAIN_ID },
    wallet: {
      accounts: [
        { secretKey: TEST_WALLET_KEY, balance: `0x${TEST_WALLET_BALANCE_WEI.toString(16)}` },
        { secretKey: DEPLOYER_KEY, balance: `0x${(10n ** 18n).toString(16)}` },
      ],
    },
    logging: { quiet: true },
  });
  const port = await freePort();
  await server.listen(port, '127.0.0.1');
  const rpcUrl = `http://127.0.0.1:${port}`;
  await deployLocalContracts(rpcUrl, TEST_WALLET_ADDRESS);
  return { rpcUrl, close: () => server.close() };
}
