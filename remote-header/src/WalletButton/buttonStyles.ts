// Without the wallet stack: the header's first paint draws its early button with these.
import { css } from '@emotion/react';
import { primaryButton } from '@token-portfolio/shared';

/** The header's buttons are a little taller and bolder than the widgets' own. */
export const headerSize = css`
  min-height: 40px;
  font-weight: 600;
`;

/** 'Connect Wallet': also the header's early button, drawn before the wallet code comes. */
export const connectButton = css`
  ${primaryButton};
  ${headerSize};
`;
