import { css } from '@emotion/react';
import { theme } from '@token-portfolio/shared';
import { NARROW_CARD } from '../WatchlistTable/cards';
import { actionsCell, cell, figureCell, numericCell, tokenCell } from '../styles/table';
import {
  ActionsCell,
  ChangeCell,
  HoldingsCell,
  MarketCapCell,
  PendingHoldingsCell,
  PendingTokenCell,
  PriceCell,
  SparklineCell,
  TokenCell,
  ValueCell,
  placeholder,
} from './cells';
import type { WatchlistColumn } from './types';

/**
 * The watchlist's columns, in order (docs/product.md#watchlist-table): everything about a
 * column is here, and the table, its loading rows and the cards derive from this list.
 * Each figure column fits its longest figure ('$1,234,567.89'; Price also a sub-dollar
 * price with four significant digits, '$0.000007210'), Holdings fits the editor; the token
 * is at least 184 px wide (a longer name ends in an ellipsis), 16 px less than before
 * sub-dollar prices widened Price.
 */
export const WATCHLIST_COLUMNS: readonly WatchlistColumn[] = [
  {
    id: 'token',
    header: 'Token',
    width: 184,
    fill: true,
    rowHeader: true,
    style: tokenCell,
    cell: TokenCell,
    skeleton: PendingTokenCell,
    card: {},
  },
  {
    id: 'price',
    header: 'Price',
    width: 136,
    numeric: true,
    style: figureCell,
    cell: PriceCell,
    skeleton: placeholder(72, '$0.00'),
    card: {
      hiddenWhileEditing: true,
      style: css`
        text-align: left;
      `,
    },
  },
  {
    id: 'change',
    header: '24h %',
    width: 96,
    numeric: true,
    style: figureCell,
    cell: ChangeCell,
    skeleton: placeholder(56),
    card: { hiddenWhileEditing: true },
  },
  {
    // Beyond the spec (docs/product.md#rows): where the table has room, never in a card.
    id: 'market-cap',
    header: 'Market cap',
    width: 112,
    numeric: true,
    wideOnly: true,
    style: figureCell,
    cell: MarketCapCell,
    skeleton: placeholder(56),
    card: null,
  },
  {
    id: 'sparkline',
    header: 'Sparkline (7d)',
    width: 152,
    style: cell,
    cell: SparklineCell,
    skeleton: placeholder(120),
    card: {
      hiddenOnPhones: true,
      style: css`
        line-height: 0;
        svg {
          width: 64px;
          height: 24px;
        }
      `,
    },
  },
  {
    id: 'holdings',
    header: 'Holdings',
    width: 200,
    numeric: true,
    style: numericCell,
    cell: HoldingsCell,
    skeleton: PendingHoldingsCell,
    card: {
      // Named in a card, except beside its editor.
      style: css`
        &::before {
          content: 'Holdings ';
          color: ${theme.color.textMuted};
        }
        tr[data-editing] > &::before {
          content: none;
        }
        ${NARROW_CARD} {
          text-align: left;
        }
      `,
    },
  },
  {
    id: 'value',
    header: 'Value',
    width: 144,
    numeric: true,
    style: figureCell,
    cell: ValueCell,
    skeleton: placeholder(72),
    card: {
      style: css`
        font-weight: 500;
      `,
    },
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    width: 56,
    style: actionsCell,
    cell: ActionsCell,
    skeleton: ActionsCell,
    card: {},
  },
];
