import { formatTokenLabel, type BreakdownSlice } from '@token-portfolio/shared';

/** 'Ethereum (ETH)': how the legend and the chart's text alternative name a token. */
export const sliceLabel = ({ name, symbol }: BreakdownSlice) => formatTokenLabel(name, symbol);

/** '12.5%': a share with one decimal, also for whole numbers ('50.0%'). */
export const formatShare = ({ percent }: BreakdownSlice) => `${percent.toFixed(1)}%`;
