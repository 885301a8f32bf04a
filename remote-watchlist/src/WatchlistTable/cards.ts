import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';
import { WATCHLIST_CONTAINER } from '../styles/table';

/**
 * The table as cards, where its seven columns do not fit (docs/decisions/0012). The
 * markup stays a table (headers, row headers); only the layout changes. Each row:
 *
 *   [logo] Name (SYM)   ~sparkline~   Value   [⋮]
 *   Price               24h %      Holdings
 *
 * (below 360 px: name and menu; price and 24h %; holdings and value, a line each)
 *
 * so a row's token name and value are always in view together; on a phone-sized card
 * the sparkline gives its room to the name. While a row is edited the editor takes the
 * second line, under the token's name.
 */
/** Hidden from sight, not from screen readers: a card's cells keep their order and names. */
const outOfSight = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
`;

const PHONE_CARD = `@container ${WATCHLIST_CONTAINER} (max-width: 419.98px)`;
/** A slot narrower than a phone (a sidebar, a 320 px screen's column): three lines. */
const NARROW_CARD = `@container ${WATCHLIST_CONTAINER} (max-width: 359.98px)`;

export const cards = css`
  &,
  tbody {
    display: block;
  }
  colgroup {
    display: none;
  }
  /* The column headers stay for screen readers (each cell's header), out of sight. */
  thead {
    ${outOfSight};
  }
  tbody tr {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto 32px;
    grid-template-areas:
      'token spark value actions'
      'price change holdings holdings';
    align-items: center;
    gap: 4px 12px;
    position: relative;
    padding: 12px;
    border-top: 1px solid ${theme.color.border};
  }
  tbody tr:first-of-type {
    border-top: 0;
  }
  /* A cell never spills into its neighbour's area: at worst its text wraps in its own
     (between words first: a word breaks only where it cannot fit alone). */
  tbody tr > * {
    display: block;
    min-width: 0;
    height: auto;
    padding: 0;
    border: 0;
    white-space: normal;
    overflow-wrap: break-word;
  }
  tbody tr > th {
    grid-area: token;
    white-space: normal;
  }
  tbody tr > td:nth-of-type(1) {
    grid-area: price;
    text-align: left;
  }
  tbody tr > td:nth-of-type(2) {
    grid-area: change;
  }
  tbody tr > td:nth-of-type(3) {
    grid-area: spark;
    line-height: 0;
    svg {
      width: 64px;
      height: 24px;
    }
  }
  tbody tr > td:nth-of-type(4) {
    grid-area: holdings;
    &::before {
      content: 'Holdings ';
      color: ${theme.color.textMuted};
    }
  }
  tbody tr > td:nth-of-type(5) {
    grid-area: value;
    font-weight: 500;
  }
  tbody tr > td:nth-of-type(6) {
    grid-area: actions;
  }
  tbody tr[data-editing] {
    grid-template-areas:
      'token spark value actions'
      'holdings holdings holdings holdings';
    > td:nth-of-type(1),
    > td:nth-of-type(2) {
      ${outOfSight};
    }
    > td:nth-of-type(4)::before {
      content: none;
    }
  }
  ${PHONE_CARD} {
    tbody tr {
      grid-template-areas:
        'token token value actions'
        'price change holdings holdings';
    }
    tbody tr[data-editing] {
      grid-template-areas:
        'token token value actions'
        'holdings holdings holdings holdings';
    }
    tbody tr > td:nth-of-type(3) {
      ${outOfSight};
    }
  }
  /* Token and menu; price and 24h; holdings and value: the name keeps its line whole. */
  ${NARROW_CARD} {
    tbody tr {
      grid-template-columns: minmax(0, 1fr) auto 32px;
      grid-template-areas:
        'token token actions'
        'price change change'
        'holdings value value';
    }
    tbody tr[data-editing] {
      grid-template-areas:
        'token token actions'
        'holdings holdings holdings'
        'value value value';
    }
    tbody tr > td:nth-of-type(1),
    tbody tr > td:nth-of-type(4) {
      text-align: left;
    }
  }
  /* The empty list's one cell (after the rules above, as specific as the first td's). */
  tbody tr > td[colspan] {
    grid-column: 1 / -1;
    grid-row: 1;
    padding: 48px 16px;
    text-align: center;
  }
`;
