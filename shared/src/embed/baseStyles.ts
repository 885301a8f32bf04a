import { theme } from '../theme';

/**
 * What a widget needs from its surroundings: inherited text settings and border-box
 * sizing. Our pages get it from PageStyles; an embedded widget gets it scoped to itself
 * (its shadow root or its container), so nothing leaks into the embedding page.
 */
export const widgetBaseCss = (scope: string) => `
${scope} {
  display: block;
  color: ${theme.color.text};
  font-family: ${theme.font.family};
  font-size: 16px;
  line-height: 1.5;
  text-align: start;
  -webkit-font-smoothing: antialiased;
}
${scope} *, ${scope} *::before, ${scope} *::after { box-sizing: border-box; }
`;
