import { Suspense, lazy, memo, useCallback, useEffect, useRef, type Dispatch } from 'react';
import {
  isLoadedCoin,
  selectCoinById,
  updateHoldings,
  useAppDispatch,
  useAppSelector,
} from '@token-portfolio/shared';
import { LoadingRow } from '../LoadingRow/LoadingRow';
import { RowMenu } from '../RowMenu/RowMenu';
import type { RowUiAction } from '../WatchlistTable/rowUi';
import { WATCHLIST_COLUMNS } from '../columns/columns';
import { ColumnCell } from '../columns/layout';

// Opened from the row's menu: its code waits for the click, out of the first paint (the
// editor focuses its input once it has loaded).
const HoldingsEditor = lazy(() =>
  import('../HoldingsEditor/HoldingsEditor').then(({ HoldingsEditor }) => ({
    default: HoldingsEditor,
  })),
);

export interface WatchlistRowProps {
  id: string;
  menuOpen: boolean;
  editing: boolean;
  /** Stable across renders (a reducer's dispatch), so unchanged rows skip rendering. */
  onRowUi: Dispatch<RowUiAction>;
  /** Called with the id and the name the row shows, for the announcement. */
  onRemove: (id: string, name: string) => void;
}

/**
 * One watched token. It selects its own record by id, so a price update re-renders
 * only the rows on screen whose record changed.
 */
export const WatchlistRow = memo(function WatchlistRow({
  id,
  menuOpen,
  editing,
  onRowUi,
  onRemove,
}: WatchlistRowProps) {
  const coin = useAppSelector((state) => selectCoinById(state, id));
  const dispatch = useAppDispatch();
  const menuButton = useRef<HTMLButtonElement>(null);

  const toggleMenu = useCallback(() => onRowUi({ type: 'menuToggled', id }), [onRowUi, id]);
  const closeMenu = useCallback(() => onRowUi({ type: 'menuClosed' }), [onRowUi]);
  const startEdit = () => onRowUi({ type: 'editStarted', id });

  // After a commit, focus goes back to the menu button once the row has re-rendered: a
  // loading row that gets holdings becomes a loaded row, with a new button.
  const refocusMenu = useRef(false);
  useEffect(() => {
    if (!refocusMenu.current) return;
    refocusMenu.current = false;
    menuButton.current?.focus();
  });

  function commitHoldings(holdings: string) {
    refocusMenu.current = true;
    dispatch(updateHoldings({ id, holdings }));
    onRowUi({ type: 'editEnded' });
  }

  // A bare record (holdings set before any data) or a row still loading has no name
  // yet: the id stands in.
  const loaded = isLoadedCoin(coin) ? coin : null;
  const name = loaded?.name || id;
  const remove = () => onRemove(id, name);
  const holdingsEditor = editing ? (
    <Suspense fallback={null}>
      <HoldingsEditor tokenName={name} holdings={coin?.holdings ?? '0'} onCommit={commitHoldings} />
    </Suspense>
  ) : null;
  const menu = (
    <RowMenu
      tokenName={name}
      open={menuOpen}
      onToggle={toggleMenu}
      onClose={closeMenu}
      onEdit={startEdit}
      onRemove={remove}
      buttonRef={menuButton}
    />
  );

  if (loaded === null) {
    return (
      <LoadingRow
        id={id}
        holdings={coin?.holdings ?? null}
        holdingsEditor={holdingsEditor}
        menu={menu}
      />
    );
  }
  return (
    <tr data-editing={editing || undefined}>
      {WATCHLIST_COLUMNS.map((column) => (
        <ColumnCell key={column.id} column={column}>
          <column.cell coin={loaded} name={name} holdingsEditor={holdingsEditor} menu={menu} />
        </ColumnCell>
      ))}
    </tr>
  );
});
