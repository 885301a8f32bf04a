import { css } from '@emotion/react';
import { theme } from '../theme';
import { focusRing } from './focusRing';

/** The look every button of every widget shares: one focus ring, one disabled state. */
export const button = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 36px;
  padding: 0 14px;
  border: 0;
  border-radius: ${theme.radius.control};
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  font: inherit;
  font-size: 14px;
  font-weight: 500;
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled) {
    filter: brightness(1.15);
  }
  ${focusRing};
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

/** The main action of a place ('Add Token', 'Save', 'Add to Wishlist', 'Connect Wallet'). */
export const primaryButton = css`
  ${button};
  background: ${theme.color.accent};
  color: ${theme.color.accentText};
  &:disabled {
    opacity: 1;
    background: ${theme.color.surfaceRaised};
    color: ${theme.color.textMuted};
  }
`;

/** Square, icon-only button (the row menu); its accessible name comes from aria-label. */
export const iconButton = css`
  ${button};
  width: 32px;
  min-height: 32px;
  padding: 0;
  background: transparent;
  color: ${theme.color.textMuted};
  &:hover:not(:disabled),
  &[aria-expanded='true'] {
    background: ${theme.color.surfaceRaised};
    color: ${theme.color.text};
    filter: none;
  }
`;
