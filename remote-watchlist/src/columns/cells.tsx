// What each column's cells show (columns.ts puts them together): a loaded row's cells,
// and the cells of a row without market data. API text is rendered as text, never markup.
import { css } from '@emotion/react';
import {
  TokenLogo,
  formatCompact,
  formatHoldings,
  formatPrice,
  formatSignedPercent,
  formatTokenLabel,
  formatUsd,
  isGainOrFlat,
  theme,
  visuallyHidden,
} from '@token-portfolio/shared';
import { Sparkline } from '../Sparkline/Sparkline';
import { skeleton } from '../styles/table';
import type { CellProps, SkeletonProps } from './types';

const token = css`
  ${theme.row};
  gap: 12px;
  min-width: 0;
`;

/** In the table's fixed-width column a long name ends in an ellipsis (cards let it wrap). */
const tokenLabel = css`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const muted = css`
  color: ${theme.color.textMuted};
`;

const pendingToken = css`
  ${token};
  ${muted};
`;

const logoPlaceholder = css`
  ${skeleton};
  width: 28px;
  height: 28px;
`;

const gain = css`
  color: ${theme.color.gain};
`;
const loss = css`
  color: ${theme.color.loss};
`;

/** Logo (or its first letter when there is none or it fails), name and upper-case symbol. */
export function TokenCell({ coin, name }: CellProps) {
  return (
    <span css={token}>
      <TokenLogo images={[coin.image]} name={name} shape="square" />
      <span css={tokenLabel}>{formatTokenLabel(name, coin.symbol ?? '')}</span>
    </span>
  );
}

/**
 * The id stands in for the name: with a grey logo while the data is on its way, and
 * 'No market data' for an id the market answered without (the spec, docs/product.md#rows).
 */
export function PendingTokenCell({ id, state }: SkeletonProps) {
  if (state === 'unknown') {
    return (
      <span css={pendingToken}>
        {id}
        <span>No market data</span>
      </span>
    );
  }
  return (
    <span css={pendingToken}>
      {state === 'loading' && <span css={logoPlaceholder} aria-hidden="true" />}
      {id}
      <span css={visuallyHidden}>{state === 'failed' ? ': prices unavailable' : ': loading'}</span>
    </span>
  );
}

export function PriceCell({ coin }: CellProps) {
  return formatPrice(coin.current_price);
}

/** Green at 0 or more, red below: the colour follows the printed figure. */
export function ChangeCell({ coin }: CellProps) {
  const change = coin.price_change_percentage_24h;
  return <span css={isGainOrFlat(change) ? gain : loss}>{formatSignedPercent(change)}</span>;
}

/**
 * The market cap in the spec's compact format, '$481.3b', where screen readers hear the
 * full figure instead; '—' when the market has none (missing, 0 or a bad value).
 */
export function MarketCapCell({ coin }: CellProps) {
  const cap = coin.market_cap;
  if (cap === null || !(cap > 0)) return <span css={muted}>—</span>;
  return (
    <>
      <span aria-hidden="true">${formatCompact(cap)}</span>
      <span css={visuallyHidden}>{formatUsd(cap)}</span>
    </>
  );
}

export function SparklineCell({ coin, name }: CellProps) {
  return <Sparkline prices={coin.sparkline_in_7d?.price} name={name} />;
}

/** The holdings, grouped from the exact text, or their editor while the row is edited. */
export function HoldingsCell({ coin, holdingsEditor }: CellProps) {
  return holdingsEditor ?? formatHoldings(coin.holdings || '0');
}

export function ValueCell({ coin }: CellProps) {
  return formatUsd(coin.value);
}

export function ActionsCell({ menu }: CellProps | SkeletonProps) {
  return menu;
}

/**
 * A row without market data: a grey bar `width` px wide while the data is on its way; once
 * a fetch has failed '—', and `unknown` for an id the market answered without.
 */
export function placeholder(width: number, unknown = '—') {
  const bar = css`
    ${skeleton};
    width: ${width}px;
  `;
  return function Placeholder({ state }: SkeletonProps) {
    if (state === 'loading') return <span css={bar} />;
    return <span css={muted}>{state === 'unknown' ? unknown : '—'}</span>;
  };
}

const HoldingsPlaceholder = placeholder(40);

/** Holdings are the visitor's: shown (and editable) whether or not the market's data has come. */
export function PendingHoldingsCell(props: SkeletonProps) {
  const { state, holdings, holdingsEditor } = props;
  if (holdingsEditor) return holdingsEditor;
  if (holdings !== null || state === 'unknown') return formatHoldings(holdings || '0');
  return <HoldingsPlaceholder {...props} />;
}
