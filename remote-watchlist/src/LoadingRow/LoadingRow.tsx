import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';
import { RowMenu } from '../RowMenu/RowMenu';
import { actionsCell, cell, skeleton } from '../styles/table';
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

interface LoadingRowProps {
  id: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onRemove: () => void;
}

/**
 * A watched token whose data has not arrived: same height as a loaded row, and it can
 * still be removed (an id the API does not know would otherwise stay forever).
 */
export function LoadingRow({ id, menuOpen, onToggleMenu, onCloseMenu, onRemove }: LoadingRowProps) {
  return (
    <tr aria-busy="true">
      <th scope="row" css={[cell, { fontWeight: 400, textAlign: 'left' }]}>
        <span css={token}>
          <span css={logo} aria-hidden="true" />
          {id}
          <span css={visuallyHidden}>: loading</span>
        </span>
      </th>
      {[72, 56, 120, 40, 72].map((width, column) => (
        <td key={column} css={cell}>
          <span css={bar(width)} />
        </td>
      ))}
      <td css={actionsCell}>
        <RowMenu
          tokenName={id}
          open={menuOpen}
          onToggle={onToggleMenu}
          onClose={onCloseMenu}
          onRemove={onRemove}
        />
      </td>
    </tr>
  );
}
