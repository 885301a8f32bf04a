import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

/** Every row has this height, so a loading row takes the same room as a loaded one. */
export const ROW_HEIGHT = 64;

/**
 * The container the table's widths are measured on: container queries, so an embedded
 * widget follows its own width, not the page's.
 */
export const WATCHLIST_CONTAINER = 'watchlist';

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

/** The token, the row's header: read as a name, not in bold. */
export const tokenCell = css`
  ${cell};
  font-weight: 400;
  text-align: left;
`;

/** A column's header. */
export const headerCell = css`
  height: 48px;
  padding: 0 16px;
  background: ${theme.color.surfaceSunken};
  color: ${theme.color.textMuted};
  font-weight: 500;
  text-align: left;
  white-space: nowrap;
  ${theme.narrow} {
    padding: 0 12px;
  }
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
