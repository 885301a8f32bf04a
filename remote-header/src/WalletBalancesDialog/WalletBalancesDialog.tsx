import { useQuery } from '@tanstack/react-query';
import { createPublicClient, custom } from 'viem';
import { useAccount, useConfig, type Config } from 'wagmi';
import {
  formatAddress,
  ReviewDialog,
  useAppDispatch,
  useAppStore,
  walletBalancesClosed,
} from '@token-portfolio/shared';
import { holdingsChange, type HoldingsChoice } from '../walletBalances/holdingsChange';
import { loadWalletBalances } from '../walletBalances/loadWalletBalances';
import type { BalanceReader } from '../walletBalances/readBalances';
import { BalancesForm, type BalancesStatus } from './BalancesForm';
import { failureMessage } from './failureMessage';

/** What the dialog applied: the header offers to take it back for a few seconds. */
export interface AppliedHoldings {
  count: number;
  undo: ReturnType<typeof holdingsChange>['undo'];
}

/**
 * A reader on the wallet config's transport (its RPC URL, timeout and retry) for a chain
 * the app offers; null for any other chain (wagmi would throw). Not wagmi's own client:
 * that one batches every eth_call into Multicall3 calls of at most 1 KB, which would split
 * our multicall and wrap it in another; this one sends one aggregate3 and one eth_getBalance.
 */
function readClient(config: Config, chainId: number): BalanceReader | null {
  if (!config.chains.some((chain) => chain.id === chainId)) return null;
  const wagmiClient = config.getClient({ chainId });
  return createPublicClient({
    chain: wagmiClient.chain,
    transport: custom(wagmiClient, { retryCount: 0 }),
  });
}

interface WalletBalancesDialogProps {
  onApplied: (applied: AppliedHoldings) => void;
}

/**
 * 'Use wallet balances': what the connected account holds on its current chain, offered
 * as holdings. Read only: it asks the wallet for nothing, it reads the chain's RPC. A new
 * account or chain is read anew; the header closes the dialog when the wallet disconnects.
 */
export default function WalletBalancesDialog({ onApplied }: WalletBalancesDialogProps) {
  const config = useConfig();
  const { address, chainId, chain } = useAccount();
  const store = useAppStore();
  const dispatch = useAppDispatch();

  const close = () => dispatch(walletBalancesClosed());

  const balances = useQuery({
    queryKey: ['wallet-balances', chainId, address],
    queryFn: () => {
      if (address === undefined || chainId === undefined) throw new Error('No wallet connected');
      return loadWalletBalances({
        chainId,
        client: readClient(config, chainId),
        account: address,
        wishlist: store.getState().wishlist,
      });
    },
    enabled: address !== undefined && chainId !== undefined,
    // Read once per opening (and per account or chain): no retries of our own (the market
    // client and the RPC transport retry), no refetch behind the visitor's back.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const chainName = chain?.name ?? `chain ${chainId ?? '?'}`;
  const status: BalancesStatus = balances.isSuccess
    ? {
        kind: 'loaded',
        lines: balances.data,
        empty: `No balances found for this account on ${chainName}.`,
      }
    : balances.isError
      ? {
          kind: 'failed',
          message: failureMessage(
            balances.error,
            chainName,
            config.chains.map(({ name }) => name),
          ),
          retry: () => void balances.refetch(),
        }
      : { kind: 'loading' };

  function apply(choices: HoldingsChoice[]) {
    const change = holdingsChange(store.getState().wishlist, choices);
    change.apply.forEach((action) => dispatch(action));
    onApplied({ count: choices.length, undo: change.undo });
    close();
  }

  return (
    <ReviewDialog
      title="Wallet balances"
      intro={
        <>
          What {address ? formatAddress(address) : 'your wallet'} holds on {chainName}. Checked
          tokens get the balance found as their holdings; tokens not in the watchlist are added.
        </>
      }
      onClose={close}
    >
      <BalancesForm
        key={`${chainId}:${address}:${balances.dataUpdatedAt}`}
        status={status}
        onApply={apply}
        onCancel={close}
      />
    </ReviewDialog>
  );
}
