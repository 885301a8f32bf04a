import { css } from '@emotion/react';
import { theme, visuallyHidden } from '@token-portfolio/shared';
import type { WatchlistColumn } from '../columns/types';
import { WATCHLIST_CONTAINER } from '../styles/table';

/**
 * The table as cards, where its columns do not fit (docs/decisions/0012). The markup stays
 * a table (headers, row headers); only the layout changes. Each row, in grid areas named
 * after the column ids (columns/columns.ts says which cells a card shows and how; the
 * areas below say where):
 *
 *   [logo] Name (SYM)   ~sparkline~   Value   [⋮]
 *   Price               24h %      Holdings
 *
 * (below 360 px: name and menu; price and 24h %; holdings and value, a line each)
 *
 * so a row's token name and value are always in view together; on a phone-sized card
 * the sparkline gives its room to the name. While a row is edited the editor takes the
 * second line, under the token's name. A cell out of sight is hidden from sight, not from
 * screen readers: a card's cells keep their order and names.
 */
export const PHONE_CARD = `@container ${WATCHLIST_CONTAINER} (max-width: 419.98px)`;
/** A slot narrower than a phone (a sidebar, a 320 px screen's column): three lines. */
export const NARROW_CARD = `@container ${WATCHLIST_CONTAINER} (max-width: 359.98px)`;

/** The table's own look as cards: rows become grids of their columns' areas. */
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
    ${visuallyHidden};
  }
  tbody tr {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto 32px;
    grid-template-areas:
      'token sparkline value actions'
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
  tbody tr[data-editing] {
    grid-template-areas:
      'token sparkline value actions'
      'holdings holdings holdings holdings';
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
  }
  /* The empty list's one cell, across the card. */
  tbody tr > td[colspan] {
    display: block;
    grid-column: 1 / -1;
    grid-row: 1;
    min-width: 0;
    height: auto;
    padding: 48px 16px;
    border: 0;
    overflow-wrap: break-word;
  }
`;

/* A cell never spills into its neighbour's area: at worst its text wraps in its own
   (between words first: a word breaks only where it cannot fit alone). */
const cellInCard = css`
  display: block;
  min-width: 0;
  height: auto;
  padding: 0;
  border: 0;
  white-space: normal;
  overflow-wrap: break-word;
`;

const hiddenAt = (selectorOrQuery: string) => css`
  ${selectorOrQuery} {
    ${visuallyHidden};
  }
`;

/** A column's cell in a card: in its grid area, or out of sight where its place says. */
export const cardCell = ({ id, card }: Pick<WatchlistColumn, 'id' | 'card'>) =>
  css(
    cellInCard,
    card ? [{ gridArea: id }, card.style] : visuallyHidden,
    card?.hiddenWhileEditing && hiddenAt('tr[data-editing] > &'),
    card?.hiddenOnPhones && hiddenAt(PHONE_CARD),
  );
