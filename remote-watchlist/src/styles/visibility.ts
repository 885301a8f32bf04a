import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

/** Gone under 768 px (docs/product.md#the-screen: refresh label, page count). */
export const hiddenWhenNarrow = css`
  ${theme.narrow} {
    display: none;
  }
`;
