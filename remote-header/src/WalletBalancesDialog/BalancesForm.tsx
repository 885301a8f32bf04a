import { useState, type FormEvent } from 'react';
import type { HoldingsChoice } from '../walletBalances/holdingsChange';
import type { BalanceLine } from '../walletBalances/loadWalletBalances';
import { BalanceLineItem } from './BalanceLineItem';
import {
  button,
  primaryButton,
  reviewBody,
  reviewFooter,
  reviewForm,
  reviewMessage,
} from '@token-portfolio/shared';
import * as styles from './styles';

export type BalancesStatus =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; retry: () => void }
  /** `empty` is what to say when nothing was found. */
  | { kind: 'loaded'; lines: BalanceLine[]; empty: string };

interface BalancesFormProps {
  status: BalancesStatus;
  onApply: (choices: HoldingsChoice[]) => void;
  onCancel: () => void;
}

/**
 * The dialog's list and buttons: every balance found starts checked; 'Set holdings'
 * applies the checked ones, Cancel changes nothing. Mount it anew (key) for new lines.
 */
export function BalancesForm({ status, onApply, onCancel }: BalancesFormProps) {
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const lines = status.kind === 'loaded' ? status.lines : [];
  const choices: HoldingsChoice[] = lines.flatMap((line) =>
    line.status === 'found' && !unchecked.has(line.coinId)
      ? [{ coinId: line.coinId, holdings: line.amount }]
      : [],
  );

  function toggle(coinId: string) {
    setUnchecked((before) => {
      const after = new Set(before);
      if (!after.delete(coinId)) after.add(coinId);
      return after;
    });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (choices.length > 0) onApply(choices);
  }

  return (
    <form css={reviewForm} onSubmit={apply}>
      <div css={reviewBody}>
        {status.kind === 'loading' && (
          <p css={reviewMessage} role="status">
            Reading balances…
          </p>
        )}
        {status.kind === 'failed' && (
          <div css={styles.failure} role="alert">
            <p>{status.message}</p>
            <button type="button" css={button} onClick={status.retry}>
              Try again
            </button>
          </div>
        )}
        {status.kind === 'loaded' && lines.length === 0 && (
          <p css={reviewMessage} role="status">
            {status.empty}
          </p>
        )}
        {lines.length > 0 && (
          <ul css={styles.list} aria-label="Balances found">
            {lines.map((line) => (
              <BalanceLineItem
                key={line.coinId}
                line={line}
                checked={!unchecked.has(line.coinId)}
                onToggle={toggle}
              />
            ))}
          </ul>
        )}
      </div>
      <div css={reviewFooter}>
        <button type="button" css={button} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" css={primaryButton} disabled={choices.length === 0}>
          Set holdings
        </button>
      </div>
    </form>
  );
}
