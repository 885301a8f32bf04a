import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

/** Gone under 768 px (SPEC section 2: refresh label, page count). */
export const hiddenWhenNarrow = css`
  ${theme.narrow} {
    display: none;
  }
`;
