import type { CoinMarket } from '../market/types';
import type { CoinRow } from './coinRow';
import { seededRandom } from './seededRandom';

const HOURS_IN_7_DAYS = 168;

/** 168 hourly prices of a seeded random walk that ends at the row's price. */
export function sparkline7d(row: CoinRow): number[] {
  const random = seededRandom(row.id);
  const prices = [row.price];
  for (let i = 1; i < HOURS_IN_7_DAYS; i += 1) {
    const previous = prices[0] ?? row.price;
    prices.unshift(previous * (1 + (random() - 0.5) * 0.02));
  }
  return prices.map((price) => Number(price.toPrecision(6)));
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export interface CoinMarketOptions {
  image: string;
  rank: number;
  lastUpdated: string;
  sparkline: boolean;
  priceChange24h: boolean;
}

/** What CoinGecko sends for one coin: the series and the 24h field only when asked for. */
export type MarketApiCoin = Omit<CoinMarket, 'sparkline_in_7d'> & {
  sparkline_in_7d?: { price: number[] };
  price_change_percentage_24h_in_currency?: number;
};

/** The fields of a /coins/markets record that the page shows or keeps in step with its prices. */
type ShownField =
  | 'id'
  | 'symbol'
  | 'name'
  | 'image'
  | 'current_price'
  | 'market_cap'
  | 'market_cap_rank'
  | 'price_change_24h'
  | 'price_change_percentage_24h'
  | 'last_updated'
  | 'sparkline_in_7d'
  | 'price_change_percentage_24h_in_currency';

/**
 * The fields the page shows, for one coin of the table: all a first visit's samples carry
 * (the market door makes the others null; the first prices bring the real ones). The first
 * paint carries this, not the fixture API's whole record (coinMarketOf).
 */
export function shownCoinMarket(
  row: CoinRow,
  options: CoinMarketOptions,
): Pick<MarketApiCoin, ShownField> {
  const coin: Pick<MarketApiCoin, ShownField> = {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    image: options.image,
    current_price: row.price,
    market_cap: row.marketCap,
    market_cap_rank: options.rank,
    price_change_24h: (row.price * row.change24h) / (100 + row.change24h),
    price_change_percentage_24h: row.change24h,
    last_updated: options.lastUpdated,
  };
  if (options.sparkline) coin.sparkline_in_7d = { price: sparkline7d(row) };
  if (options.priceChange24h) coin.price_change_percentage_24h_in_currency = row.change24h;
  return coin;
}

/** A /coins/markets record, shaped like CoinGecko's, for one coin of the table. */
export function coinMarketOf(row: CoinRow, options: CoinMarketOptions): MarketApiCoin {
  const random = seededRandom(`${row.id}:fields`);
  const supply = row.marketCap / row.price;
  const ath = row.price * (1.05 + random() * 2);
  const atl = row.price * (0.001 + random() * 0.2);
  return {
    ...shownCoinMarket(row, options),
    fully_diluted_valuation: Math.round(row.marketCap * (1 + random() * 0.3)),
    total_volume: Math.round(row.marketCap * (0.01 + random() * 0.08)),
    high_24h: row.price * (1 + random() * 0.03),
    low_24h: row.price * (1 - random() * 0.03),
    market_cap_change_24h: (row.marketCap * row.change24h) / 100,
    market_cap_change_percentage_24h: row.change24h,
    circulating_supply: Math.round(supply),
    total_supply: Math.round(supply * (1 + random() * 0.1)),
    max_supply: random() < 0.4 ? Math.round(supply * 1.2) : null,
    ath,
    ath_change_percentage: round(((row.price - ath) / ath) * 100),
    ath_date: '2025-08-24T19:21:03.333Z',
    atl,
    atl_change_percentage: round(((row.price - atl) / atl) * 100),
    atl_date: '2020-03-13T02:24:55.161Z',
    roi: null,
  };
}
