import { css } from '@emotion/react';
import { formatUsd } from '@token-portfolio/shared';
import { useAnimatedNumber } from './useAnimatedNumber';

const amount = css`
  margin: 0;
  font-size: clamp(2rem, 1.4rem + 2.4vw, 3.5rem);
  font-weight: 600;
  line-height: 1.1;
  letter-spacing: -0.02em;
  /* Equal-width digits keep the figure from jittering while it counts. */
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;

/** The portfolio total in dollars, moving from the previous value to the new one. */
export function AnimatedTotal({ value }: { value: number }) {
  const shown = useAnimatedNumber(value);
  return <p css={amount}>{formatUsd(shown)}</p>;
}
