import { COIN_TABLE, type CoinRow } from '@token-portfolio/shared/fixtures';
import { coinsOf, type CoinMarket } from '@token-portfolio/shared';
import { coinMarketOf } from '../shared/src/samples/coinMarket';
import { seededRandom } from '../shared/src/samples/seededRandom';

export const THOUSAND = 1_000;

/**
 * `count` CoinGecko-shaped coins (with 7-day sparklines), the ones the bench's market knows
 * (syntheticCoinRows): the fixtures know a few dozen real coins, the benchmark needs a
 * realistic 1,000 or more. Each call makes new objects, as each market answer does.
 */
export function marketCoins(count: number, imagesOrigin: string, priceFactor = 1): CoinMarket[] {
  // Through the market door, as the page would receive them.
  return coinsOf(
    syntheticCoinRows(count).map((row, index) =>
      coinMarketOf(
        { ...row, price: row.price * priceFactor },
        {
          image: `${imagesOrigin}/fixtures/images/${row.id}.svg`,
          rank: index + 1,
          lastUpdated: '2025-10-15T12:00:00.000Z',
          sparkline: true,
          priceChange24h: true,
        },
      ),
    ),
  );
}

export const thousandCoins = (imagesOrigin: string, priceFactor = 1): CoinMarket[] =>
  marketCoins(THOUSAND, imagesOrigin, priceFactor);

const VARIANTS = ['wrapped', 'bridged', 'staked', 'liquid-staked', 'restaked'] as const;
const CHAINS = ['', 'arbitrum', 'base', 'polygon', 'optimism', 'avalanche'] as const;
const titleCase = (text: string) =>
  text.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`,
  );

/**
 * `count` coins for the fixture API: its real ones first, then the kind CoinGecko lists by
 * the thousand (wrapped, bridged and staked versions of them on other chains), each with
 * its own id, a price near the original's, a smaller market cap and its own 24h change.
 * Past the 1,395 such coins, numbered series of them follow (for the 10,000-coin timing).
 */
export function syntheticCoinRows(count: number): CoinRow[] {
  const rows: CoinRow[] = [...COIN_TABLE];
  for (let series = 0; ; series += 1) {
    for (const chain of CHAINS) {
      for (const variant of VARIANTS) {
        for (const base of COIN_TABLE) {
          if (rows.length >= count) return rows;
          const id = [variant, base.id, chain, series || ''].filter(Boolean).join('-');
          const random = seededRandom(id);
          rows.push({
            id,
            symbol: `${variant[0]}${base.symbol}`,
            name:
              `${titleCase(variant)} ${base.name}${chain ? ` (${titleCase(chain)})` : ''}` +
              (series ? ` ${series + 1}` : ''),
            price: Number((base.price * (0.97 + random() * 0.06)).toPrecision(6)),
            marketCap: Math.round(base.marketCap * 10 ** -(1 + random() * 3)),
            change24h: Number((base.change24h + (random() - 0.5) * 2).toFixed(2)),
            color: base.color,
          });
        }
      }
    }
  }
}
