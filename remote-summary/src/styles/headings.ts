import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

/** The small muted title both halves of the card start with. */
export const halfHeading = css`
  margin: 0 0 16px;
  color: ${theme.color.textMuted};
  font-size: 0.875rem;
  font-weight: 500;
`;
