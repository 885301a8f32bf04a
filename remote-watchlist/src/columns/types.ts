import type { ComponentType, ReactNode } from 'react';
import type { SerializedStyles } from '@emotion/react';
import type { LoadedCoin } from '@token-portfolio/shared';

/** What every cell of a row may show besides the coin: the row's editor and menu. */
interface RowParts {
  /** The holdings input while the row is being edited, else null. */
  holdingsEditor: ReactNode | null;
  /** The row's actions menu. */
  menu: ReactNode;
}

/** A cell of a row with market data. */
export interface CellProps extends RowParts {
  coin: LoadedCoin;
  /** The name the row shows (the id stands in while the coin has none). */
  name: string;
}

/**
 * Why a row has no market data to show: it is on its way, the last fetch failed, or the
 * market answered without this id.
 */
export type PendingState = 'loading' | 'failed' | 'unknown';

/** A cell of a row without market data. */
export interface SkeletonProps extends RowParts {
  id: string;
  state: PendingState;
  /** Holdings entered before any market data (a bare record), else null. */
  holdings: string | null;
}

/**
 * Where a column's cell goes when the rows are cards (WatchlistTable/cards.ts lays out the
 * grid areas, each named after its column's id). Out of sight is never out of reach: the
 * cell stays in the table for screen readers.
 */
export interface CardPlace {
  /** Out of sight in a phone-sized card (under 420 px): its room goes to the token's name. */
  hiddenOnPhones?: boolean;
  /** Out of sight while its row is edited: the editor takes its line. */
  hiddenWhileEditing?: boolean;
  /** Its look in a card. */
  style?: SerializedStyles;
}

/**
 * One column of the watchlist (docs/architecture.md#where-does-x-live): the table's
 * columns and headers, a loaded row's cells, a loading row's placeholders and the cards
 * all derive from the list of these (columns.ts), in its order.
 */
export interface WatchlistColumn {
  /** Unique; its cells' test id (data-testid) and its grid area in a card. */
  id: string;
  header: string;
  /** A header for screen readers only (the actions column). */
  headerHidden?: boolean;
  /**
   * Its fixed width in px: widths that do not follow the data, so nothing shifts as prices
   * load and change. With `fill`, its narrowest: it takes the room the others leave.
   */
  width: number;
  fill?: boolean;
  /** A figure: its header is right-aligned like its cells. */
  numeric?: boolean;
  /**
   * Shown only where the table has room for every column: below that width it is the
   * first to go out of sight (still in the table for screen readers).
   */
  wideOnly?: boolean;
  /** The token's column: its cells are the rows' headers. */
  rowHeader?: boolean;
  /** The look of its cells in the table. */
  style: SerializedStyles;
  /** A loaded row's cell. */
  cell: ComponentType<CellProps>;
  /** The cell of a row without market data (placeholders, '—', what is known). */
  skeleton: ComponentType<SkeletonProps>;
  /** Its place in a card; null: never in a card (out of sight there, still read). */
  card: CardPlace | null;
}
