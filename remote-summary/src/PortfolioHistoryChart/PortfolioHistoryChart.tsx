import { useId, useMemo } from 'react';
import { css, keyframes } from '@emotion/react';
import { formatShortDate, theme, visuallyHidden } from '@token-portfolio/shared';
import { labelAndFigure } from '../styles/lines';
import { drawHistory } from './historyDrawing';
import { describeHistory, describePoint } from './describeHistory';
import { useChartCursor } from './useChartCursor';
import { usePortfolioHistory } from '../portfolio/usePortfolioHistory';

/** The drawing's own units; the SVG stretches them to the width it is given. */
const WIDTH = 600;
const HEIGHT = 120;

// The chart takes the height the left half has to spare, so the halves balance.
const section = css`
  display: flex;
  flex: 1 1 auto;
  flex-direction: column;
  min-width: 0;
`;

/* One line whatever the readout says, so the chart does not move with the cursor. */
const header = css`
  ${labelAndFigure};
  margin-bottom: 8px;
  font-size: 0.8125rem;
  line-height: 1.25rem;
  white-space: nowrap;
`;

const heading = css`
  flex: none;
  margin: 0;
  color: ${theme.color.textMuted};
  font-size: inherit;
  font-weight: 500;
`;

const readout = css`
  min-width: 0;
  margin: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  color: ${theme.color.text};
  font-variant-numeric: tabular-nums;
`;

const idleReadout = css`
  color: ${theme.color.textMuted};
`;

const plotHeight = css`
  flex: 1 1 88px;
  min-height: 88px;
  max-height: 176px;
  ${theme.narrow} {
    flex-basis: 80px;
    min-height: 80px;
  }
`;

const plot = css`
  position: relative;
  border-radius: 4px;
  cursor: crosshair;
  /* A horizontal drag on a touch screen moves along the chart; a vertical one scrolls. */
  touch-action: pan-y;
  &:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 4px;
  }
`;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const svg = css`
  display: block;
  width: 100%;
  height: 100%;
  overflow: visible;
  animation: ${fadeIn} 400ms ease-out;
  ${theme.reducedMotion} {
    animation: none;
  }
`;

// Colours in CSS, not in SVG attributes, so theme variables apply
// (docs/architecture.md#a-widget-on-someone-elses-page).
const trendColour = (rising: boolean) => (rising ? theme.color.gain : theme.color.loss);

const linePath = (rising: boolean) => css`
  fill: none;
  stroke: ${trendColour(rising)};
  stroke-width: 1.5px;
  stroke-linejoin: round;
`;

const areaPath = (rising: boolean) => css`
  fill: ${trendColour(rising)};
  fill-opacity: 0.12;
  stroke: none;
`;

const cursorMotion = css`
  transition:
    left 120ms ease-out,
    top 120ms ease-out;
  ${theme.reducedMotion} {
    transition: none;
  }
`;

const rule = css`
  position: absolute;
  top: 0;
  bottom: 0;
  width: 1px;
  background: ${theme.color.textMuted};
  opacity: 0.6;
  pointer-events: none;
`;

const dot = (rising: boolean) => css`
  position: absolute;
  width: 10px;
  height: 10px;
  margin: -5px 0 0 -5px;
  border-radius: 50%;
  background: ${trendColour(rising)};
  box-shadow: 0 0 0 2px ${theme.color.surface};
  pointer-events: none;
`;

const noData = css`
  ${theme.row};
  margin: 0;
  color: ${theme.color.textMuted};
  font-size: 0.875rem;
`;

const percentOf = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * The portfolio's value over the last 7 days: an area chart of the memoized
 * history. Pointing at it or moving along it with the keys shows a point's time and value;
 * a text alternative gives screen readers the range, start, end, high and low.
 */
export function PortfolioHistoryChart() {
  const history = usePortfolioHistory();
  const { points, stepMs } = history;
  const headingId = useId();
  const descriptionId = useId();
  const drawing = useMemo(() => drawHistory(points, WIDTH, HEIGHT), [points]);
  const description = useMemo(() => describeHistory(history), [history]);
  const { active, handlers } = useChartCursor({
    count: points.length,
    stepMs,
    nearestAt: (share) => drawing?.nearestIndex(share * WIDTH) ?? points.length - 1,
  });

  const first = points[0];
  const last = points.at(-1);
  const shown = active === null ? null : points[active];
  const current = shown ?? last;

  return (
    <section css={section} aria-labelledby={headingId}>
      <div css={header}>
        <h3 id={headingId} css={heading}>
          7-day value
        </h3>
        {drawing && first && last && (
          // Said to screen readers by the chart's own value text.
          <p css={[readout, !shown && idleReadout]} aria-hidden="true">
            {shown
              ? describePoint(shown)
              : `${formatShortDate(first.time)} – ${formatShortDate(last.time)}`}
          </p>
        )}
      </div>
      {drawing && current ? (
        <>
          <div
            css={[plot, plotHeight]}
            role="slider"
            tabIndex={0}
            aria-label="Portfolio value, last 7 days"
            aria-describedby={descriptionId}
            aria-valuemin={first?.time}
            aria-valuemax={last?.time}
            aria-valuenow={current.time}
            aria-valuetext={describePoint(current)}
            {...handlers}
          >
            <svg
              css={svg}
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              <path css={areaPath(drawing.rising)} d={drawing.area} />
              <path
                css={linePath(drawing.rising)}
                d={drawing.line}
                vectorEffect="non-scaling-stroke"
              />
            </svg>
            {shown && (
              <>
                <span
                  css={[rule, cursorMotion]}
                  style={{ left: percentOf(drawing.x(shown.time), WIDTH) }}
                  aria-hidden="true"
                />
                <span
                  css={[dot(drawing.rising), cursorMotion]}
                  style={{
                    left: percentOf(drawing.x(shown.time), WIDTH),
                    top: percentOf(drawing.y(shown.value), HEIGHT),
                  }}
                  aria-hidden="true"
                />
              </>
            )}
          </div>
          <p id={descriptionId} css={visuallyHidden}>
            {description}
          </p>
        </>
      ) : (
        <p css={[noData, plotHeight]}>No 7-day prices</p>
      )}
    </section>
  );
}
