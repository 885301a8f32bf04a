import { useId } from 'react';
import {
  computeValue,
  formatHoldings,
  formatTokenLabel,
  formatUsd,
  selectCoinById,
  TokenLogo,
  useAppSelector,
} from '@token-portfolio/shared';
import type { BalanceLine } from '../walletBalances/loadWalletBalances';
import * as styles from './styles';

const PROBLEMS = {
  reverted: 'Balance not readable: the token contract reverted.',
  unreadable: 'Balance not readable: the contract did not answer as a token.',
} as const;

/** The holdings the watchlist has now: they change under the dialog if edited elsewhere. */
function CurrentHoldings({ coinId }: { coinId: string }) {
  const watched = useAppSelector((state) => state.wishlist.ids.includes(coinId));
  const holdings = useAppSelector((state) => selectCoinById(state, coinId)?.holdings);
  return <>{watched ? formatHoldings(holdings || '0') : 'Not in watchlist'}</>;
}

interface BalanceLineItemProps {
  line: BalanceLine;
  checked: boolean;
  onToggle: (coinId: string) => void;
}

/**
 * One coin found: a check box named after the token, the balance found (exact), the
 * holdings now and the value at today's price. A coin whose balance could not be read says
 * why, and has no check box.
 */
export function BalanceLineItem({ line, checked, onToggle }: BalanceLineItemProps) {
  const id = useId();
  const label = formatTokenLabel(line.name, line.symbol);
  if (line.status !== 'found') {
    return (
      <li css={styles.line}>
        <span />
        <TokenLogo images={[line.image]} name={line.name} shape="square" />
        <span>{label}</span>
        <p css={styles.lineProblem}>{PROBLEMS[line.status]}</p>
      </li>
    );
  }
  const value = line.price === null ? 'No price' : formatUsd(computeValue(line.amount, line.price));
  return (
    <li css={styles.line}>
      <input
        id={`${id}-check`}
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(line.coinId)}
        aria-describedby={`${id}-details`}
      />
      <TokenLogo images={[line.image]} name={line.name} shape="square" />
      <label htmlFor={`${id}-check`}>{label}</label>
      <dl css={styles.details} id={`${id}-details`}>
        <dt>Balance found</dt>
        <dd>
          {formatHoldings(line.amount)} {line.symbol.toUpperCase()}
        </dd>
        <dt>Holdings now</dt>
        <dd>
          <CurrentHoldings coinId={line.coinId} />
        </dd>
        <dt>Value today</dt>
        <dd>{value}</dd>
      </dl>
    </li>
  );
}
