// The table's parts derived from the column list: its widths and breakpoints, its
// columns and headers, and each row's cell of a column.
import type { ReactNode } from 'react';
import { css, type SerializedStyles } from '@emotion/react';
import { visuallyHidden } from '@token-portfolio/shared';
import { cardCell } from '../WatchlistTable/cards';
import { WATCHLIST_CONTAINER, headerCell } from '../styles/table';
import { WATCHLIST_COLUMNS } from './columns';
import type { WatchlistColumn } from './types';

const widthOf = (columns: readonly WatchlistColumn[]) =>
  columns.reduce((sum, { width }) => sum + width, 0);
const upTo = (width: number) => `@container ${WATCHLIST_CONTAINER} (max-width: ${width - 0.02}px)`;

/**
 * The watchlist's width at which every column but the wide-only ones fits (the fixed
 * widths and the token's narrowest). Below it the rows become cards (docs/decisions/0012).
 */
export const TABLE_MIN_WIDTH = widthOf(WATCHLIST_COLUMNS.filter(({ wideOnly }) => !wideOnly));
export const asCards = upTo(TABLE_MIN_WIDTH);
/** The width at which every column fits: below it the wide-only ones go out of sight. */
export const TABLE_FULL_WIDTH = widthOf(WATCHLIST_COLUMNS);
const withoutRoomForAll = upTo(TABLE_FULL_WIDTH);

/** A wide-only column's look where the table has no room for every column. */
const outOfRoom = (column: WatchlistColumn, style: SerializedStyles) =>
  column.wideOnly &&
  css`
    ${withoutRoomForAll} {
      ${style};
    }
  `;

/**
 * A column without room keeps its place in the table, so every cell keeps its header, but
 * no width: its text is clipped, out of sight and still read.
 */
const squeezed = css`
  width: 0;
  padding: 0;
  overflow: hidden;
`;

/** A row without data shows its marks ('—', '$0.00') at the cell's end, like figures. */
const markAtEnd = css`
  text-align: right;
`;

/** A column's cells: squeezed before the card styles, as a card places or hides each cell. */
const cellOf = (column: WatchlistColumn) => css`
  ${column.style};
  ${outOfRoom(column, squeezed)};
  ${asCards} {
    ${cardCell(column)};
  }
`;

/**
 * Each column's styles, made once from its definition (one style a cell, never composed
 * while rendering).
 */
const TABLE_COLUMNS = WATCHLIST_COLUMNS.map((column) => {
  const cell = cellOf(column);
  return {
    column,
    col: css({ width: column.fill ? undefined : column.width }, outOfRoom(column, squeezed)),
    header: css`
      ${headerCell};
      ${column.numeric && 'text-align: right;'}
      ${outOfRoom(column, squeezed)};
    `,
    cell,
    // The column's own styles come after, so its alignment (a card's) wins.
    markedCell: css(markAtEnd, cell),
  };
});
const stylesOf = new Map(TABLE_COLUMNS.map((styles) => [styles.column, styles]));

/** The columns' widths (the filling one takes the rest). */
export function ColumnGroup() {
  return (
    <colgroup>
      {TABLE_COLUMNS.map(({ column, col }) => (
        <col key={column.id} css={col} />
      ))}
    </colgroup>
  );
}

export function HeaderRow() {
  return (
    <tr>
      {TABLE_COLUMNS.map(({ column, header }) => (
        <th key={column.id} scope="col" css={header}>
          {column.headerHidden ? <span css={visuallyHidden}>{column.header}</span> : column.header}
        </th>
      ))}
    </tr>
  );
}

interface ColumnCellProps {
  column: WatchlistColumn;
  /** The row has no market data and no longer waits for it. */
  marks?: boolean;
  children: ReactNode;
}

/** A row's cell of a column (the token's is the row's header), with its test id. */
export function ColumnCell({ column, marks, children }: ColumnCellProps) {
  const styles = stylesOf.get(column);
  const style = marks ? styles?.markedCell : styles?.cell;
  return column.rowHeader ? (
    <th scope="row" data-testid={column.id} css={style}>
      {children}
    </th>
  ) : (
    <td data-testid={column.id} css={style}>
      {children}
    </td>
  );
}
