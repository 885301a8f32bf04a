import { schemeDeclarations, theme } from '@token-portfolio/shared';

/**
 * What a widget needs from its surroundings: inherited text settings, border-box sizing,
 * and a surface of its own in its colour scheme, so it is legible on any page. Our pages
 * get these from PageStyles; an embedded widget gets them scoped to itself (its shadow
 * root or its element), so nothing leaks into the embedding page. The scheme follows the
 * system's preference unless `color-scheme` says otherwise (mount sets that one, and any
 * `theme` overrides on top, on the widget's container).
 */
export const widgetBaseCss = (scope: string) => `
${scope} {
  display: block;
  font-family: ${theme.font.family};
  font-size: 16px;
  line-height: 1.5;
  text-align: start;
  -webkit-font-smoothing: antialiased;
}
${scope} > div {
  ${schemeDeclarations('dark')}
  color: ${theme.color.text};
  background: ${theme.color.page};
  border-radius: ${theme.radius.card};
}
${scope} > div:not(:empty) {
  padding: 16px;
}
@media (prefers-color-scheme: light) {
  ${scope} > div {
    ${schemeDeclarations('light')}
  }
}
${scope} *, ${scope} *::before, ${scope} *::after { box-sizing: border-box; }
`;
