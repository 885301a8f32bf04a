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

/**
 * A dialog of a list to review and apply ('Wallet balances', 'Import watchlist'): at most
 * 600 px high, its parts below.
 */
export const reviewPanel = css`
  ${modalPanel};
  max-height: min(600px, calc(100vh - 32px));
  &:focus {
    outline: none;
  }
`;

/** A dialog's explanations and messages. */
const mutedText = css`
  margin: 0;
  color: ${theme.color.textMuted};
  font-size: 14px;
  line-height: 1.4;
`;

/** The title and the explanation under it. */
export const reviewHead = css`
  padding: 16px 20px 12px;
  border-bottom: 1px solid ${theme.color.border};
  h2 {
    margin: 0 0 4px;
    font-size: 18px;
    font-weight: 600;
  }
  p {
    ${mutedText};
    /* It may name a file or an address: a long one wraps rather than widening the dialog. */
    overflow-wrap: anywhere;
  }
`;

/** What holds the body and the footer, so the body scrolls between head and footer. */
export const reviewForm = css`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-height: 0;
`;

export const reviewBody = css`
  flex: 1;
  min-height: 96px;
  overflow-y: auto;
`;

/** A line in the body saying what is going on ('Reading balances…', nothing found). */
export const reviewMessage = css`
  ${mutedText};
  padding: 24px 20px;
`;

/** Cancel and the main action, at the foot on the right. */
export const reviewFooter = css`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  padding: 12px 20px;
  border-top: 1px solid ${theme.color.border};
`;
