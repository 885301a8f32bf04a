import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

/** Every row has this height, so a loading row takes the same room as a loaded one. */
export const ROW_HEIGHT = 64;

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

export const actionsCell = css`
  ${cell};
  width: 56px;
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

/** Wide enough for the editor, so starting an edit does not shift the columns. */
export const holdingsCell = css`
  ${numericCell};
  width: 200px;
`;
