import { memo, useMemo } from 'react';
import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';
import { drawSparkline } from './sparklinePath';

const WIDTH = 120;
const HEIGHT = 36;

const noData = css`
  color: ${theme.color.textMuted};
`;

interface SparklineProps {
  /** The 7-day series; the same array until new data arrives, so the path is kept. */
  prices: readonly number[] | null | undefined;
  /** Token name, for the accessible description. */
  name: string;
}

/** The 7-day price line: green when the week's change is positive, red otherwise. */
export const Sparkline = memo(function Sparkline({ prices, name }: SparklineProps) {
  const drawing = useMemo(() => (prices ? drawSparkline(prices, WIDTH, HEIGHT) : null), [prices]);
  if (!drawing) {
    return (
      <span css={noData} role="img" aria-label={`No 7-day prices for ${name}`}>
        —
      </span>
    );
  }
  const color = drawing.rising ? theme.color.gain : theme.color.loss;
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`${name} 7-day trend: ${drawing.rising ? 'up' : 'down'}`}
      data-trend={drawing.rising ? 'up' : 'down'}
    >
      <path d={drawing.path} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
});
