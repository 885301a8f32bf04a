import { css } from '@emotion/react';
import { modalPanel, theme } from '@token-portfolio/shared';

export const panel = css`
  ${modalPanel};
  max-height: min(600px, calc(100vh - 32px));
  &:focus {
    outline: none;
  }
`;

/** The dialog's explanations and messages. */
const mutedText = css`
  margin: 0;
  color: ${theme.color.textMuted};
  font-size: 14px;
  line-height: 1.4;
`;

export const head = css`
  padding: 16px 20px 12px;
  border-bottom: 1px solid ${theme.color.border};
  h2 {
    margin: 0 0 4px;
    font-size: 18px;
    font-weight: 600;
  }
  p {
    ${mutedText};
  }
`;

export const form = css`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-height: 0;
`;

export const body = css`
  flex: 1;
  min-height: 96px;
  overflow-y: auto;
`;

export const message = css`
  ${mutedText};
  padding: 24px 20px;
`;

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

export const footer = css`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  padding: 12px 20px;
  border-top: 1px solid ${theme.color.border};
`;
