import { useEffect, useRef, useState } from 'react';
import { css, keyframes } from '@emotion/react';
import {
  button,
  pricesRequested,
  selectWatchedPricesStatus,
  theme,
  useAppDispatch,
  useAppSelector,
} from '@token-portfolio/shared';
import { RefreshIcon } from '../Icons/Icons';
import { hiddenWhenNarrow } from '../styles/visibility';

/** docs/product.md#numbers-and-limits: the icon turns once in 600 ms; the flag is cleared after 800 ms. */
export const SPIN_MS = 600;
export const SPIN_RESET_MS = 800;

const turn = keyframes`
  to {
    transform: rotate(360deg);
  }
`;

const spinning = css`
  animation: ${turn} ${SPIN_MS}ms ease-in-out 1;
  ${theme.reducedMotion} {
    animation: none;
  }
`;

// While prices are still on their way after the one spin: the icon keeps turning slowly,
// and with reduced motion the button dims instead.
const waiting = css`
  cursor: progress;
  svg {
    animation: ${turn} 1.2s linear infinite;
  }
  ${theme.reducedMotion} {
    opacity: 0.6;
    svg {
      animation: none;
    }
  }
`;

/**
 * Re-fetches every watched price; the sagas replace the stored data when it arrives.
 * While a fetch is out the button says so (aria-busy and the waiting look), and a click
 * sends nothing more; when it ends, in success or error, Refresh works again.
 */
export function RefreshButton() {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectWatchedPricesStatus) === 'loading';
  const [isSpinning, setSpinning] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  function refresh() {
    if (busy) return;
    dispatch(pricesRequested());
    setSpinning(true);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setSpinning(false), SPIN_RESET_MS);
  }

  return (
    // aria-label keeps the name when the visible label is hidden on narrow screens.
    <button
      type="button"
      css={[button, busy && !isSpinning && waiting]}
      aria-label="Refresh Prices"
      aria-busy={busy}
      onClick={refresh}
    >
      <RefreshIcon css={isSpinning ? spinning : undefined} data-spinning={isSpinning} />
      <span css={hiddenWhenNarrow}>Refresh Prices</span>
    </button>
  );
}
