import {
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionResult,
  erc20Abi,
  getAddress,
  multicall3Abi,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { hardhat } from 'viem/chains';

/** How one contract on the fake node answers balanceOf and decimals. */
export type FakeContract =
  | { balance: bigint; decimals: number }
  /** Every read reverts with this reason. */
  | { reverts: string }
  /** Answers with this raw data whatever is asked (e.g. '0x': no contract there). */
  | { answers: Hex };

const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';
const revertData = (reason: string) =>
  encodeErrorResult({
    abi: [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] }],
    errorName: 'Error',
    args: [reason],
  });

function callContract(contract: FakeContract | undefined, callData: Hex) {
  if (!contract) return { success: true, returnData: '0x' as Hex };
  if ('reverts' in contract) return { success: false, returnData: revertData(contract.reverts) };
  if ('answers' in contract) return { success: true, returnData: contract.answers };
  const { functionName } = decodeFunctionData({ abi: erc20Abi, data: callData });
  const returnData =
    functionName === 'decimals'
      ? encodeFunctionResult({ abi: erc20Abi, functionName, result: contract.decimals })
      : encodeFunctionResult({
          abi: erc20Abi,
          functionName: 'balanceOf',
          result: contract.balance,
        });
  return { success: true, returnData };
}

/**
 * A chain node for unit tests: answers eth_getBalance and eth_call to Multicall3's
 * aggregate3 as a real node would, from the balances given, and logs each JSON-RPC method
 * asked. The browser tests use a real node (ganache); this one only spares jest a chain.
 */
export function fakeChainNode(
  native: bigint,
  contracts: Record<Address, FakeContract>,
  /** Where the client's chain says Multicall3 is (null: it names none). */
  chainMulticall3: Address | null = MULTICALL3,
): { client: PublicClient; methods: string[] } {
  const methods: string[] = [];
  const byAddress = new Map(Object.entries(contracts).map(([a, c]) => [getAddress(a), c]));
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      methods.push(method);
      if (method === 'eth_chainId') return numberToHex(hardhat.id);
      if (method === 'eth_getBalance') return numberToHex(native);
      if (method === 'eth_call') {
        const [{ to, data }] = params as [{ to: Address; data: Hex }];
        if (getAddress(to) !== MULTICALL3) return '0x';
        const { args } = decodeFunctionData({ abi: multicall3Abi, data });
        const calls = args[0] as readonly { target: Address; callData: Hex }[];
        return encodeFunctionResult({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          result: calls.map(({ target, callData }) =>
            callContract(byAddress.get(getAddress(target)), callData),
          ),
        });
      }
      throw new Error(`the fake node does not answer ${method}`);
    },
  });
  const client: PublicClient = createPublicClient({
    chain: chainMulticall3
      ? { ...hardhat, contracts: { multicall3: { address: chainMulticall3 } } }
      : hardhat,
    transport,
  });
  return { client, methods };
}
