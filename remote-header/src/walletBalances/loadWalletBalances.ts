import type { Address } from 'viem';
import {
  fetchMarketsForIds,
  isLoadedCoin,
  type CoinMarket,
  type WishlistState,
} from '@token-portfolio/shared';
import { chainPlatform } from '../wallet/chainPlatforms';
import { LARGEST_COINS_LOOKED_FOR, balanceCandidates } from './balanceCandidates';
import { UnsupportedChainError, UnusableCoinListError } from './balancesErrors';
import { platformTokens, type PlatformToken } from './platformTokens';
import { readBalances, type BalanceReader, type TokenReading } from './readBalances';
import { cachedCoinList, cachedLargestCoins } from './walletMarket';

/** One line of the dialog: a coin the wallet holds (or whose balance could not be read). */
export type BalanceLine = TokenReading & {
  name: string;
  symbol: string;
  image: string | null;
  /** Today's price in USD; null when the market has none. */
  price: number | null;
};

export interface WalletBalancesQuery {
  chainId: number;
  /** The chain's client; null when the app does not offer the wallet's chain. */
  client: BalanceReader | null;
  account: Address;
  /** The watchlist when the dialog reads: its tokens are looked for first. */
  wishlist: WishlistState;
  largestCount?: number;
}

interface CoinFacts {
  name?: string | null;
  symbol?: string | null;
  image?: string | null;
  price?: number | null;
}

const finitePrice = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The market's answer is untrusted: only records with an id count. */
const marketRecords = (answer: unknown): CoinMarket[] =>
  Array.isArray(answer)
    ? answer.filter(
        (coin): coin is CoinMarket =>
          typeof coin === 'object' && coin !== null && typeof coin.id === 'string',
      )
    : [];

const factsOf = (coin: Partial<CoinMarket>): CoinFacts => ({
  name: coin.name,
  symbol: coin.symbol,
  image: coin.image,
  price: finitePrice(coin.current_price),
});

/**
 * What the wallet holds on its chain, as dialog lines: the native coin first, then each
 * token found (watched ones first, then the largest coins by market cap). Zero balances are
 * left out; a token whose contract failed keeps a line that says so.
 *
 * Costs: the coin list and the largest coins (two market requests, cached), at most one
 * price request for coins neither answer priced, one eth_getBalance and one multicall.
 */
export async function loadWalletBalances({
  chainId,
  client,
  account,
  wishlist,
  largestCount = LARGEST_COINS_LOOKED_FOR,
}: WalletBalancesQuery): Promise<BalanceLine[]> {
  const platform = chainPlatform(chainId);
  if (!client || !platform) throw new UnsupportedChainError(chainId);

  const [coinList, largestAnswer] = await Promise.all([
    cachedCoinList(),
    cachedLargestCoins(largestCount),
  ]);
  const tokens = platformTokens(coinList, platform.platformId);
  if (!tokens) throw new UnusableCoinListError();
  const largest = marketRecords(largestAnswer);

  const reading = await readBalances(client, {
    account,
    tokens: balanceCandidates({
      tokens,
      watchedIds: wishlist.ids,
      largestIds: largest.map((coin) => coin.id),
      nativeCoinId: platform.nativeCoinId,
    }),
    nativeDecimals: client.chain?.nativeCurrency.decimals ?? 18,
  });
  const native: TokenReading = {
    coinId: platform.nativeCoinId,
    status: 'found',
    amount: reading.native,
  };
  const readings = [native, ...reading.tokens].filter(
    (line) => line.status !== 'found' || line.amount !== '0',
  );

  // The watchlist's own record first, so a line's value is what the watchlist will show.
  const facts = new Map<string, CoinFacts>();
  for (const coin of largest) facts.set(coin.id, factsOf(coin));
  for (const id of wishlist.ids) {
    const coin = wishlist.entities[id] ?? null;
    if (isLoadedCoin(coin) && finitePrice(coin.current_price) !== null) {
      facts.set(id, { ...facts.get(id), ...factsOf(coin) });
    }
  }
  const unpriced = readings
    .filter((line) => line.status === 'found' && (facts.get(line.coinId)?.price ?? null) === null)
    .map((line) => line.coinId);
  if (unpriced.length > 0) {
    try {
      for (const coin of marketRecords(await fetchMarketsForIds(unpriced))) {
        facts.set(coin.id, factsOf(coin));
      }
    } catch {
      // Already logged by the market client; those lines show no value.
    }
  }

  const nativeCurrency = client.chain?.nativeCurrency;
  return readings.map((line) => {
    const known = facts.get(line.coinId) ?? {};
    const listed: Partial<PlatformToken> | undefined =
      tokens.get(line.coinId) ??
      (line.coinId === platform.nativeCoinId ? nativeCurrency : undefined);
    return {
      ...line,
      name: known.name || listed?.name || line.coinId,
      symbol: known.symbol || listed?.symbol || line.coinId,
      image: known.image ?? null,
      price: known.price ?? null,
    };
  });
}
