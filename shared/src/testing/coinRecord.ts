import type { CoinMarket } from '../market/types';

/** A coin as the door gives it: the fields given, name and symbol from the id, the rest null. */
export function coinRecord({
  id,
  ...fields
}: Pick<CoinMarket, 'id'> & Partial<CoinMarket>): CoinMarket {
  return {
    id,
    symbol: id.slice(0, 3),
    name: id,
    image: null,
    current_price: null,
    market_cap: null,
    market_cap_rank: null,
    fully_diluted_valuation: null,
    total_volume: null,
    high_24h: null,
    low_24h: null,
    price_change_24h: null,
    price_change_percentage_24h: null,
    market_cap_change_24h: null,
    market_cap_change_percentage_24h: null,
    circulating_supply: null,
    total_supply: null,
    max_supply: null,
    ath: null,
    ath_change_percentage: null,
    ath_date: null,
    atl: null,
    atl_change_percentage: null,
    atl_date: null,
    roi: null,
    last_updated: null,
    sparkline_in_7d: null,
    ...fields,
  };
}
