import { css } from '@emotion/react';
import { theme } from '../theme';

/** The dimmed layer under a modal dialog, centring it with room around it. */
export const modalBackdrop = css`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: 16px;
  background: ${theme.color.backdrop};
`;

/** A modal dialog's surface (at most 640 px wide): each dialog sets its own height. */
export const modalPanel = css`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 640px;
  max-height: calc(100vh - 32px);
  overflow: hidden;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font-family: ${theme.font.family};
  box-shadow: 0 24px 48px rgba(0, 0, 0, 0.5);
`;
