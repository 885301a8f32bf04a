import {
  button,
  selectWallet,
  useAppDispatch,
  useAppSelector,
  walletBalancesOpened,
} from '@token-portfolio/shared';
import { WalletIcon } from '../Icons/Icons';
import { hiddenWhenNarrow } from '../styles/visibility';

/**
 * 'Use wallet balances', offered while a wallet is connected. It only asks, through the
 * store: the header remote, which owns the wallet, opens the dialog.
 */
export function WalletBalancesButton() {
  const dispatch = useAppDispatch();
  const connected = useAppSelector((state) => selectWallet(state).status === 'connected');
  if (!connected) return null;
  return (
    // aria-label keeps the name when the visible label is hidden on narrow screens.
    <button
      type="button"
      css={button}
      aria-label="Use wallet balances"
      onClick={() => dispatch(walletBalancesOpened())}
    >
      <WalletIcon />
      <span css={hiddenWhenNarrow}>Use wallet balances</span>
    </button>
  );
}
