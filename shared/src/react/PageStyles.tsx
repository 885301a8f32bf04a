import { Global, css } from '@emotion/react';
import { theme } from '../theme';

/** Page-level styles for our own pages (host and standalone). Embedded widgets never use it. */
export function PageStyles() {
  return (
    <Global
      styles={css`
        *,
        *::before,
        *::after {
          box-sizing: border-box;
        }
        html {
          color-scheme: dark;
        }
        body {
          margin: 0;
          background: ${theme.color.page};
          color: ${theme.color.text};
          font-family: ${theme.font.family};
          -webkit-font-smoothing: antialiased;
        }
      `}
    />
  );
}
