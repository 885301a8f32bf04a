import { Suspense, lazy, useCallback, useState } from 'react';
import {
  UndoNotice,
  selectWallet,
  selectWalletBalancesOpen,
  useAppDispatch,
  useAppSelector,
} from '@token-portfolio/shared';
import type { AppliedHoldings } from '../WalletBalancesDialog/WalletBalancesDialog';

// Loaded the first time the watchlist asks for it (ui/walletBalancesOpened), never with the page.
const WalletBalancesDialog = lazy(() => import('../WalletBalancesDialog/WalletBalancesDialog'));

/** Each application gets its own notice (and a fresh few seconds). */
type Offer = AppliedHoldings & { id: number };
let offers = 0;

const setFor = ({ count }: AppliedHoldings) =>
  `Holdings set for ${count} ${count === 1 ? 'token' : 'tokens'}.`;

/**
 * The header's answer to 'Use wallet balances': the dialog while it is open and a wallet is
 * connected, then Undo for a few seconds after holdings were set.
 */
export function WalletBalancesSlot() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectWalletBalancesOpen);
  const connected = useAppSelector((state) => selectWallet(state).status === 'connected');
  const [applied, setApplied] = useState<Offer | null>(null);
  const offerUndo = useCallback((change: AppliedHoldings) => {
    offers += 1;
    setApplied({ ...change, id: offers });
  }, []);
  const offerOver = useCallback(() => setApplied(null), []);

  return (
    <>
      {open && connected && (
        <Suspense fallback={null}>
          <WalletBalancesDialog onApplied={offerUndo} />
        </Suspense>
      )}
      {applied && (
        <UndoNotice
          key={applied.id}
          message={setFor(applied)}
          onUndo={() => applied.undo.forEach((action) => dispatch(action))}
          onDone={offerOver}
        />
      )}
    </>
  );
}
