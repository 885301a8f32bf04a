import { Global, css } from '@emotion/react';
import { schemeDeclarations, theme } from '../theme';
import { COLOR_SCHEME_ATTRIBUTE } from '../colorScheme/colorScheme';

/**
 * Page-level styles for our own pages (host and standalone). Embedded widgets never use
 * it. The colour scheme is the attribute the head script set on <html>; without it (the
 * script blocked) the system's preference decides.
 */
export function PageStyles() {
  return (
    <Global
      styles={css`
        *,
        *::before,
        *::after {
          box-sizing: border-box;
        }
        :root {
          ${schemeDeclarations('dark')}
        }
        :root[${COLOR_SCHEME_ATTRIBUTE}='light'] {
          ${schemeDeclarations('light')}
        }
        @media (prefers-color-scheme: light) {
          :root:not([${COLOR_SCHEME_ATTRIBUTE}]) {
            ${schemeDeclarations('light')}
          }
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
