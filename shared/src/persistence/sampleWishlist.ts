import { coinImageDataUrl } from '../samples/coinImage';
import { shownCoinMarket } from '../samples/coinMarket';
import { SAMPLE_COIN_IDS, type SampleCoinId } from '../samples/sampleIds';
import { SAMPLE_ROWS } from '../samples/sampleRows';
import { coinOf } from '../market/schemas';
import { computeValue } from '../wishlist/value';
import type { WishlistState } from '../wishlist/wishlistSlice';

/** docs/product.md#numbers-and-limits: the sample holdings of a first visit. */
export const SAMPLE_HOLDINGS: Record<SampleCoinId, string> = {
  ethereum: '1',
  binancecoin: '10',
  ripple: '1000',
  solana: '20',
  dogecoin: '10000',
};

/** Sample prices are dated mid October 2025 (docs/product.md#sample-coins). */
const SAMPLE_PRICES_DATE = '2025-10-15T12:00:00.000Z';

/** The five sample coins with their sample holdings and prices; images need no network. */
export function sampleWishlist(): WishlistState {
  const entities: WishlistState['entities'] = {};
  for (const id of SAMPLE_COIN_IDS) {
    const { row, rank } = SAMPLE_ROWS[id];
    const coin = coinOf(
      shownCoinMarket(row, {
        image: coinImageDataUrl(row),
        rank,
        lastUpdated: SAMPLE_PRICES_DATE,
        sparkline: true,
        priceChange24h: true,
      }),
    );
    if (!coin) continue;
    const holdings = SAMPLE_HOLDINGS[id];
    entities[id] = { ...coin, holdings, value: computeValue(holdings, coin.current_price) };
  }
  return { ids: [...SAMPLE_COIN_IDS], entities };
}
