import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

// The dialog's frame (panel, head, form, body, message, footer) is shared's reviewPanel and
// its parts; these are its own lines.

export const failure = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 24px 20px;
  font-size: 14px;
  line-height: 1.4;
  p {
    flex: 1 1 240px;
    margin: 0;
  }
`;

export const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const line = css`
  display: grid;
  grid-template-columns: 20px 28px minmax(0, 1fr);
  align-items: center;
  gap: 4px 12px;
  padding: 12px 20px;
  border-bottom: 1px solid ${theme.color.border};
  font-size: 14px;
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${theme.color.accent};
  }
  input:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  label {
    font-weight: 500;
    cursor: pointer;
  }
`;

/** The line's details sit under its name. */
export const details = css`
  grid-column: 3;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 2px 12px;
  margin: 0;
  color: ${theme.color.textMuted};
  dt {
    font-size: 13px;
  }
  dd {
    margin: 0;
    color: ${theme.color.text};
    font-variant-numeric: tabular-nums;
    /* An 18-decimal amount is long: it wraps rather than widening the dialog. */
    overflow-wrap: anywhere;
  }
`;

export const lineProblem = css`
  grid-column: 3;
  margin: 0;
  color: ${theme.color.loss};
`;
