import { row, type CoinRow } from './coinRow';
import type { SampleCoinId } from './sampleIds';

/**
 * The sample coins' rows of the fixture table, with their rank by market cap in it
 * (coinTable.test.ts checks it). Kept apart from the table's other coins because a first
 * visit paints them: the first paint carries five rows, not the table.
 */
export const SAMPLE_ROWS: Record<SampleCoinId, { row: CoinRow; rank: number }> = {
  ethereum: {
    row: row('ethereum', 'eth', 'Ethereum', 3_987.12, 481_300_000_000, -2.37, '#627eea'),
    rank: 2,
  },
  binancecoin: {
    row: row('binancecoin', 'bnb', 'BNB', 1_187.43, 165_300_000_000, 3.12, '#f3ba2f'),
    rank: 4,
  },
  ripple: { row: row('ripple', 'xrp', 'XRP', 2.41, 144_600_000_000, -1.05, '#23292f'), rank: 5 },
  solana: {
    row: row('solana', 'sol', 'Solana', 196.78, 107_500_000_000, 1.48, '#9945ff'),
    rank: 6,
  },
  dogecoin: {
    row: row('dogecoin', 'doge', 'Dogecoin', 0.2012, 30_400_000_000, -3.66, '#c2a633'),
    rank: 9,
  },
};
