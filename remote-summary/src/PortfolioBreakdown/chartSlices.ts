import { formatTokenLabel } from '@token-portfolio/shared';
import { shareOfTotal } from '../portfolio/total';
import type { BreakdownSlice } from '../portfolio/selectors';

/** A slice as the donut and the legend draw it: one token, or the rest grouped. */
export interface ChartSlice {
  /** React's key: 'token:<id>', or 'other' (no saved id can take it). */
  key: string;
  /** 'Ethereum (ETH)', or 'Other (992 tokens)'. */
  label: string;
  value: number;
  /** Share of the total, one decimal. */
  percent: number;
  /** The rest of the tokens, drawn last. */
  grouped: boolean;
}

/**
 * The most slices drawn: as many legend rows as sit beside the total and the 7-day chart.
 * Up to it every token has its slice, colours cycling through the nine (docs/product.md#the-screen).
 */
const MAX_CHART_SLICES = 12;

/**
 * The breakdown as drawn: every token up to MAX_CHART_SLICES; past that, the largest
 * tokens (in the watchlist's order) and the rest as one 'Other' slice, drawn last. With
 * hundreds of tokens each slice was thinner than the gap between slices (the donut showed
 * nothing) and the legend ran to hundreds of rows, all drawn again on each price update
 * (ADR 0016).
 */
export function chartSlices(slices: BreakdownSlice[]): ChartSlice[] {
  const named = (slice: BreakdownSlice): ChartSlice => ({
    key: `token:${slice.id}`,
    label: formatTokenLabel(slice.name, slice.symbol),
    value: slice.value,
    percent: slice.percent,
    grouped: false,
  });
  if (slices.length <= MAX_CHART_SLICES) return slices.map(named);
  const largest = new Set(
    [...slices]
      .sort((a, b) => b.value - a.value)
      .slice(0, MAX_CHART_SLICES - 1)
      .map((slice) => slice.id),
  );
  const rest = slices.filter((slice) => !largest.has(slice.id));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const restValue = rest.reduce((sum, slice) => sum + slice.value, 0);
  return [
    ...slices.filter((slice) => largest.has(slice.id)).map(named),
    {
      key: 'other',
      label: `Other (${rest.length} tokens)`,
      value: restValue,
      percent: shareOfTotal(restValue, total),
      grouped: true,
    },
  ];
}
