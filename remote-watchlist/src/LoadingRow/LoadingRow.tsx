import type { Ref } from 'react';
import { css } from '@emotion/react';
import { selectWatchedPricesStatus, theme, useAppSelector } from '@token-portfolio/shared';
import { HoldingsEditor } from '../HoldingsEditor/HoldingsEditor';
import { RowMenu } from '../RowMenu/RowMenu';
import { actionsCell, cell, holdingsCell, skeleton } from '../styles/table';
import { visuallyHidden } from '../styles/controls';

const token = css`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${theme.color.textMuted};
`;

const logo = css`
  ${skeleton};
  width: 28px;
  height: 28px;
`;

const bar = (width: number) => css`
  ${skeleton};
  width: ${width}px;
`;

const missing = css`
  ${cell};
  color: ${theme.color.textMuted};
`;

/** Skeleton widths of the Price, 24h %, Sparkline, Holdings and Value columns. */
const COLUMN_WIDTHS = [72, 56, 120, 40, 72] as const;
const HOLDINGS_COLUMN = 3;

interface LoadingRowProps {
  id: string;
  menuOpen: boolean;
  editing: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onEdit: () => void;
  onCommitHoldings: (holdings: string) => void;
  onRemove: () => void;
  menuButtonRef?: Ref<HTMLButtonElement>;
}

/**
 * A watched token whose data has not arrived: same height as a loaded row. It can still
 * get holdings (updateHoldings creates a bare record) and be removed (an id the API does
 * not know would otherwise stay forever). After a failed price fetch it stops looking
 * busy: its cells show '—' until a retry starts.
 */
export function LoadingRow({
  id,
  menuOpen,
  editing,
  onToggleMenu,
  onCloseMenu,
  onEdit,
  onCommitHoldings,
  onRemove,
  menuButtonRef,
}: LoadingRowProps) {
  const failed = useAppSelector(selectWatchedPricesStatus) === 'failed';
  return (
    <tr aria-busy={failed ? undefined : 'true'}>
      <th scope="row" css={[cell, { fontWeight: 400, textAlign: 'left' }]}>
        <span css={token}>
          {!failed && <span css={logo} aria-hidden="true" />}
          {id}
          <span css={visuallyHidden}>{failed ? ': prices unavailable' : ': loading'}</span>
        </span>
      </th>
      {COLUMN_WIDTHS.map((width, column) =>
        column === HOLDINGS_COLUMN && editing ? (
          <td key={column} css={holdingsCell}>
            <HoldingsEditor tokenName={id} holdings="0" onCommit={onCommitHoldings} />
          </td>
        ) : failed ? (
          <td key={column} css={missing}>
            —
          </td>
        ) : (
          <td key={column} css={cell}>
            <span css={bar(width)} />
          </td>
        ),
      )}
      <td css={actionsCell}>
        <RowMenu
          tokenName={id}
          open={menuOpen}
          onToggle={onToggleMenu}
          onClose={onCloseMenu}
          onEdit={onEdit}
          onRemove={onRemove}
          buttonRef={menuButtonRef}
        />
      </td>
    </tr>
  );
}
