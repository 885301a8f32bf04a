import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

/** Every row has this height, so a loading row takes the same room as a loaded one. */
export const ROW_HEIGHT = 64;

/**
 * The table's columns and their fixed widths (the token takes the rest): widths that do
 * not follow the data, so nothing shifts as prices load and change. Each figure column
 * fits its longest figure ('$1,234,567.89'; Price also a sub-dollar price with four
 * significant digits, '$0.000007210'), Holdings fits the editor.
 */
export const COLUMNS = [
  { label: 'Token', width: undefined, numeric: false },
  { label: 'Price', width: 136, numeric: true },
  { label: '24h %', width: 96, numeric: true },
  { label: 'Sparkline (7d)', width: 152, numeric: false },
  { label: 'Holdings', width: 200, numeric: true },
  { label: 'Value', width: 144, numeric: true },
] as const;
export const ACTIONS_WIDTH = 56;

/**
 * The narrowest a token name gets in the table (a longer one ends in an ellipsis): 16 px
 * less than before sub-dollar prices widened Price, so all seven columns still fit at 1024 px.
 */
const TOKEN_MIN_WIDTH = 184;

/**
 * Below the width at which all seven columns fit (measured: the fixed columns plus the
 * token's minimum), the rows become cards (docs/decisions/0012). A container query: an
 * embedded widget follows its own width, not the page's.
 */
export const TABLE_MIN_WIDTH =
  COLUMNS.reduce((sum, { width }) => sum + (width ?? TOKEN_MIN_WIDTH), 0) + ACTIONS_WIDTH;
export const WATCHLIST_CONTAINER = 'watchlist';
export const asCards = `@container ${WATCHLIST_CONTAINER} (max-width: ${TABLE_MIN_WIDTH - 0.02}px)`;

/** A line of muted text above or below the rows: the prices notice, the paging footer. */
export const tableBar = css`
  ${theme.row};
  justify-content: space-between;
  gap: 12px;
  color: ${theme.color.textMuted};
  font-size: 14px;
`;

export const cell = css`
  height: ${ROW_HEIGHT}px;
  padding: 0 16px;
  border-top: 1px solid ${theme.color.border};
  vertical-align: middle;
  white-space: nowrap;
  ${theme.narrow} {
    padding: 0 12px;
  }
`;

/** Figures right-aligned in tabular numerals, so digits line up and widths hold still. */
export const numericCell = css`
  ${cell};
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

/** A figure (price, change, value): one longer than its column ends in an ellipsis. */
export const figureCell = css`
  ${numericCell};
  overflow: hidden;
  text-overflow: ellipsis;
`;

export const actionsCell = css`
  ${cell};
  text-align: right;
`;

export const skeleton = css`
  display: inline-block;
  height: 12px;
  border-radius: 6px;
  background: ${theme.color.surfaceRaised};
  animation: pulse 1.2s ease-in-out infinite alternate;
  @keyframes pulse {
    from {
      opacity: 0.45;
    }
    to {
      opacity: 1;
    }
  }
  ${theme.reducedMotion} {
    animation: none;
  }
`;
