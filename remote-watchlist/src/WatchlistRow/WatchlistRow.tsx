import { memo, useCallback, useEffect, useRef, type Dispatch } from 'react';
import { css } from '@emotion/react';
import {
  formatHoldings,
  formatPrice,
  formatSignedPercent,
  formatUsd,
  isGainOrFlat,
  isLoadedCoin,
  selectCoinById,
  theme,
  updateHoldings,
  useAppDispatch,
  useAppSelector,
} from '@token-portfolio/shared';
import { HoldingsEditor } from '../HoldingsEditor/HoldingsEditor';
import { LoadingRow } from '../LoadingRow/LoadingRow';
import { RowMenu } from '../RowMenu/RowMenu';
import { Sparkline } from '../Sparkline/Sparkline';
import { TokenCell } from '../TokenCell/TokenCell';
import type { RowUiAction } from '../WatchlistTable/rowUi';
import { actionsCell, cell, figureCell, numericCell } from '../styles/table';

const gain = css`
  color: ${theme.color.gain};
`;
const loss = css`
  color: ${theme.color.loss};
`;

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
    <HoldingsEditor tokenName={name} holdings={coin?.holdings ?? '0'} onCommit={commitHoldings} />
  ) : null;
  const actions = (
    <td css={actionsCell}>
      <RowMenu
        tokenName={name}
        open={menuOpen}
        onToggle={toggleMenu}
        onClose={closeMenu}
        onEdit={startEdit}
        onRemove={remove}
        buttonRef={menuButton}
      />
    </td>
  );

  if (loaded === null) {
    return (
      <LoadingRow
        id={id}
        holdings={coin?.holdings ?? null}
        holdingsEditor={holdingsEditor}
        actions={actions}
      />
    );
  }
  const change = loaded.price_change_percentage_24h;

  return (
    <tr data-editing={editing || undefined}>
      <th scope="row" css={[cell, { fontWeight: 400, textAlign: 'left' }]}>
        <TokenCell name={name} symbol={loaded.symbol ?? ''} image={loaded.image} />
      </th>
      <td css={figureCell}>{formatPrice(loaded.current_price)}</td>
      <td css={[figureCell, isGainOrFlat(change) ? gain : loss]}>{formatSignedPercent(change)}</td>
      <td css={cell}>
        <Sparkline prices={loaded.sparkline_in_7d?.price} name={name} />
      </td>
      <td css={numericCell}>{holdingsEditor ?? formatHoldings(loaded.holdings || '0')}</td>
      <td css={figureCell}>{formatUsd(loaded.value)}</td>
      {actions}
    </tr>
  );
});
