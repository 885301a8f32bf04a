import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

/** The look every button of the watchlist shares: one focus ring, one disabled state. */
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
  &:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

export const primaryButton = css`
  ${button};
  background: ${theme.color.accent};
  color: ${theme.color.accentText};
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

// One definition for every widget, in shared.
export { visuallyHidden } from '@token-portfolio/shared';

/** Gone under 768 px (SPEC section 2: refresh label, page count). */
export const hiddenWhenNarrow = css`
  ${theme.narrow} {
    display: none;
  }
`;
