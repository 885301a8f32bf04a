import { COIN_TABLE } from '@token-portfolio/shared/fixtures';
import { coinsOf, type CoinMarket } from '@token-portfolio/shared';
import { coinMarketOf } from '../shared/src/samples/coinMarket';

export const THOUSAND = 1_000;

/**
 * 1,000 CoinGecko-shaped coins (with 7-day sparklines) made from the fixture table: the
 * fixtures know a few dozen real coins, the benchmark needs a realistic 1,000.
 */
export function thousandCoins(imagesOrigin: string, priceFactor = 1): CoinMarket[] {
  // Through the market door, as the page would receive them.
  return coinsOf(
    Array.from({ length: THOUSAND }, (_, index) => {
      const row = COIN_TABLE[index % COIN_TABLE.length];
      if (!row) throw new Error('The fixture coin table is empty');
      const copy = Math.floor(index / COIN_TABLE.length);
      const id = copy === 0 ? row.id : `${row.id}-${copy}`;
      return coinMarketOf(
        { ...row, id, price: row.price * priceFactor },
        {
          image: `${imagesOrigin}/fixtures/images/${row.id}.svg`,
          rank: index + 1,
          lastUpdated: '2025-10-15T12:00:00.000Z',
          sparkline: true,
          priceChange24h: true,
        },
      );
    }),
  );
}
