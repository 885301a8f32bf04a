import { css } from '@emotion/react';

/** A label and its figure on one baseline, at the two ends of the line. */
export const labelAndFigure = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 16px;
`;
