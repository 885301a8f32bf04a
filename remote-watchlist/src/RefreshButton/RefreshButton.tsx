import { useEffect, useRef, useState } from 'react';
import { css, keyframes } from '@emotion/react';
import { button, refreshPrices, theme, useAppDispatch } from '@token-portfolio/shared';
import { RefreshIcon } from '../Icons/Icons';
import { hiddenWhenNarrow } from '../styles/visibility';

/** SPEC section 9: the icon turns once in 600 ms; the flag is cleared after 800 ms. */
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

/** Re-fetches every watched price; the sagas replace the stored data when it arrives. */
export function RefreshButton() {
  const dispatch = useAppDispatch();
  const [isSpinning, setSpinning] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  function refresh() {
    dispatch(refreshPrices());
    setSpinning(true);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setSpinning(false), SPIN_RESET_MS);
  }

  return (
    // aria-label keeps the name when the visible label is hidden on narrow screens.
    <button type="button" css={button} aria-label="Refresh Prices" onClick={refresh}>
      <RefreshIcon css={isSpinning ? spinning : undefined} data-spinning={isSpinning} />
      <span css={hiddenWhenNarrow}>Refresh Prices</span>
    </button>
  );
}
