import { safeImageUrl, type CoinMarket, type SearchCoin } from '@token-portfolio/shared';

/** One row of the list, whichever endpoint the coin came from. */
export interface TokenEntry {
  id: string;
  name: string;
  symbol: string;
  /** Image URLs to try in order. */
  images: string[];
}

/**
 * A search result may name its image image, large, thumb or icon: tried in that order.
 * Only safe addresses are kept (safeImageUrl: http(s) or data:image/).
 */
export function imageCandidates(coin: SearchCoin | CoinMarket): string[] {
  const { image, large, thumb, icon } = coin as SearchCoin;
  return [image, large, thumb, icon].map(safeImageUrl).filter((url): url is string => url !== null);
}

/** The API's text, trimmed; '' when it is null, missing or not text. */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** One bad coin (null or missing name or symbol) must not crash the list: the id stands in. */
export function toTokenEntry(coin: SearchCoin | CoinMarket): TokenEntry {
  const id = text(coin.id);
  return {
    id: coin.id,
    name: text(coin.name) || id,
    symbol: text(coin.symbol) || id,
    images: imageCandidates(coin),
  };
}
