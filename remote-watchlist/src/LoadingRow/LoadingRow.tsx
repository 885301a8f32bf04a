import type { ReactNode } from 'react';
import {
  selectIsMissingFromMarket,
  selectWatchedPricesStatus,
  useAppSelector,
} from '@token-portfolio/shared';
import { WATCHLIST_COLUMNS } from '../columns/columns';
import { ColumnCell } from '../columns/layout';
import type { PendingState } from '../columns/types';

interface LoadingRowProps {
  id: string;
  /** Holdings entered before any market data (a bare record), shown as they are. */
  holdings: string | null;
  /** The holdings input while the row is being edited (the parent row owns editing). */
  holdingsEditor: ReactNode | null;
  /** The row's actions menu, the same as a loaded row's. */
  menu: ReactNode;
}

/**
 * A watched token whose data has not arrived: same height as a loaded row. It can still
 * get holdings (updateHoldings creates a bare record) and be removed. After a failed
 * price fetch it stops looking busy: its cells show '—' until a retry starts. An id the
 * market answered without says so: 'No market data', price '$0.00' (the spec, docs/product.md), the rest '—'.
 */
export function LoadingRow({ id, holdings, holdingsEditor, menu }: LoadingRowProps) {
  const failed = useAppSelector(selectWatchedPricesStatus) === 'failed';
  const unknown = useAppSelector((state) => selectIsMissingFromMarket(state, id));
  const state: PendingState = unknown ? 'unknown' : failed ? 'failed' : 'loading';
  return (
    <tr
      aria-busy={state === 'loading' ? 'true' : undefined}
      data-editing={holdingsEditor ? true : undefined}
    >
      {WATCHLIST_COLUMNS.map((column) => (
        <ColumnCell key={column.id} column={column} marks={state !== 'loading'}>
          <column.skeleton
            id={id}
            state={state}
            holdings={holdings}
            holdingsEditor={holdingsEditor}
            menu={menu}
          />
        </ColumnCell>
      ))}
    </tr>
  );
}
