import { css } from '@emotion/react';
import { theme } from '../theme';

/** The keyboard focus ring of every control: drawn outside the control's box. */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 2px;
  }
`;

/** The same ring drawn inside the box, for what sits in a clipping container (rows, scrollers). */
export const insetFocusRing = css`
  &:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: -2px;
  }
`;
