/** One coin of the fixture table: everything else about it is derived from these. */
export interface CoinRow {
  id: string;
  symbol: string;
  name: string;
  price: number;
  marketCap: number;
  change24h: number;
  /** Badge colour of the generated image. */
  color: string;
}

export const row = (
  id: string,
  symbol: string,
  name: string,
  price: number,
  marketCap: number,
  change24h: number,
  color: string,
): CoinRow => ({ id, symbol, name, price, marketCap, change24h, color });
