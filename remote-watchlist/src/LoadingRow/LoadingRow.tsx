import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import {
  formatHoldings,
  selectIsMissingFromMarket,
  selectWatchedPricesStatus,
  theme,
  useAppSelector,
  visuallyHidden,
} from '@token-portfolio/shared';
import { cell, numericCell, skeleton } from '../styles/table';

const token = css`
  ${theme.row};
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
  ${numericCell};
  color: ${theme.color.textMuted};
`;

/** Skeleton widths of the Price, 24h %, Sparkline, Holdings and Value columns. */
const COLUMN_WIDTHS = [72, 56, 120, 40, 72] as const;
const SPARKLINE_COLUMN = 2;
const HOLDINGS_COLUMN = 3;

interface LoadingRowProps {
  id: string;
  /** Holdings entered before any market data (a bare record), shown as they are. */
  holdings: string | null;
  /** The holdings input while the row is being edited (the parent row owns editing). */
  holdingsEditor: ReactNode | null;
  /** The row's actions cell, the same as a loaded row's. */
  actions: ReactNode;
}

/**
 * A watched token whose data has not arrived: same height as a loaded row. It can still
 * get holdings (updateHoldings creates a bare record) and be removed. After a failed
 * price fetch it stops looking busy: its cells show '—' until a retry starts. An id the
 * market answered without says so: 'No market data', price '$0.00' (the spec, docs/product.md), the rest '—'.
 */
export function LoadingRow({ id, holdings, holdingsEditor, actions }: LoadingRowProps) {
  const failed = useAppSelector(selectWatchedPricesStatus) === 'failed';
  const unknown = useAppSelector((state) => selectIsMissingFromMarket(state, id));
  if (unknown) {
    return (
      <tr data-editing={holdingsEditor ? true : undefined}>
        <th scope="row" css={[cell, { fontWeight: 400, textAlign: 'left' }]}>
          <span css={token}>
            {id}
            <span>No market data</span>
          </span>
        </th>
        <td css={missing}>$0.00</td>
        <td css={missing}>—</td>
        <td css={missing}>—</td>
        <td css={numericCell}>{holdingsEditor ?? formatHoldings(holdings || '0')}</td>
        <td css={missing}>—</td>
        {actions}
      </tr>
    );
  }
  return (
    <tr aria-busy={failed ? undefined : 'true'} data-editing={holdingsEditor ? true : undefined}>
      <th scope="row" css={[cell, { fontWeight: 400, textAlign: 'left' }]}>
        <span css={token}>
          {!failed && <span css={logo} aria-hidden="true" />}
          {id}
          <span css={visuallyHidden}>{failed ? ': prices unavailable' : ': loading'}</span>
        </span>
      </th>
      {COLUMN_WIDTHS.map((width, column) =>
        column === HOLDINGS_COLUMN && (holdingsEditor || holdings !== null) ? (
          <td key={column} css={numericCell}>
            {holdingsEditor ?? formatHoldings(holdings || '0')}
          </td>
        ) : failed ? (
          <td key={column} css={missing}>
            —
          </td>
        ) : (
          <td key={column} css={column === SPARKLINE_COLUMN ? cell : numericCell}>
            <span css={bar(width)} />
          </td>
        ),
      )}
      {actions}
    </tr>
  );
}
