import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';

export const refusal = css`
  padding: 20px;
  font-size: 14px;
  line-height: 1.4;
  p {
    margin: 0;
  }
  ul {
    margin: 8px 0 0;
    padding-left: 20px;
    color: ${theme.color.loss};
    overflow-wrap: anywhere;
  }
  li + li {
    margin-top: 4px;
  }
`;

export const section = css`
  h3 {
    position: sticky;
    top: 0;
    margin: 0;
    padding: 8px 20px;
    background: ${theme.color.surfaceSunken};
    color: ${theme.color.textMuted};
    font-size: 13px;
    font-weight: 500;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

export const row = css`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 20px;
  border-bottom: 1px solid ${theme.color.border};
  font-size: 14px;
`;

export const label = css`
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** Holdings: 18 decimals are long, they wrap rather than widen the dialog. */
export const amounts = css`
  flex: 0 1 auto;
  min-width: 0;
  text-align: right;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
`;

export const before = css`
  color: ${theme.color.textMuted};
`;
