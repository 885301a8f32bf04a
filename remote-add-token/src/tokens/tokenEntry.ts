import type { CoinMarket, SearchCoin } from '@token-portfolio/shared';

/** One row of the list, whichever endpoint the coin came from. */
export interface TokenEntry {
  id: string;
  name: string;
  symbol: string;
  /** Image URLs to try in order. */
  images: string[];
}

const present = (url: string | null | undefined): url is string =>
  typeof url === 'string' && url.trim() !== '';

/** A search result may name its image image, large, thumb or icon: tried in that order. */
export function imageCandidates(coin: SearchCoin | CoinMarket): string[] {
  const { image, large, thumb, icon } = coin as SearchCoin;
  return [image, large, thumb, icon].filter(present);
}

export function toTokenEntry(coin: SearchCoin | CoinMarket): TokenEntry {
  return {
    id: coin.id,
    name: coin.name.trim(),
    symbol: coin.symbol.trim(),
    images: imageCandidates(coin),
  };
}
