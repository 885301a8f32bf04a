// The door for market answers: every answer of the market API is parsed here once, where
// it enters, and the rest of the code works with the types these schemas produce.
//
// The policy is per field: a field of the wrong type becomes null (a bad sparkline means
// no sparkline, a bad price means no price) and the coin keeps its other fields; a coin
// without a usable id is dropped; the other coins are untouched. Unknown fields are not
// kept. valibot, not zod: it is on the critical path and tree-shakes to the few
// functions used here (see docs/decisions/0009-one-place-for-each-thing.md).
import * as v from 'valibot';
import type { AnswerHeaders } from './answerHeaders';
import { coinIdSchema } from './coinId';

/** A field that is valid or null: never missing, never of another type. */
const orNull = <T extends v.GenericSchema>(schema: T) => v.fallback(v.nullable(schema), null);

const finiteNumber = v.pipe(v.number(), v.finite());
const amount = orNull(finiteNumber);
const text = orNull(v.string());

const isFiniteNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item));

/**
 * The 7-day price series. CoinGecko sends hourly points and no step; `step_hours` is ours,
 * written when the series is thinned for saving (see seriesStepHours).
 */
const priceSeriesSchema = v.object({
  price: v.custom<number[]>(isFiniteNumberList),
  step_hours: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export type PriceSeries = v.InferOutput<typeof priceSeriesSchema>;

export const coinMarketSchema = v.object({
  id: coinIdSchema,
  symbol: text,
  name: text,
  image: text,
  current_price: amount,
  market_cap: amount,
  market_cap_rank: amount,
  fully_diluted_valuation: amount,
  total_volume: amount,
  high_24h: amount,
  low_24h: amount,
  price_change_24h: amount,
  price_change_percentage_24h: amount,
  market_cap_change_24h: amount,
  market_cap_change_percentage_24h: amount,
  circulating_supply: amount,
  total_supply: amount,
  max_supply: amount,
  ath: amount,
  ath_change_percentage: amount,
  ath_date: text,
  atl: amount,
  atl_change_percentage: amount,
  atl_date: text,
  roi: orNull(v.object({ times: finiteNumber, currency: v.string(), percentage: finiteNumber })),
  last_updated: text,
  sparkline_in_7d: orNull(priceSeriesSchema),
});

/** A coin as /coins/markets returns it (docs/product.md#holdings-and-value), after the door. Untrusted text. */
export type CoinMarket = v.InferOutput<typeof coinMarketSchema>;

/** One coin through the door; null when it has no usable id. */
export function coinOf(raw: unknown): CoinMarket | null {
  const parsed = v.safeParse(coinMarketSchema, raw);
  return parsed.success ? parsed.output : null;
}

/** The coins of a list answer that pass the door; an answer that is not a list has none. */
export function coinsOf(answer: unknown): CoinMarket[] {
  if (!Array.isArray(answer)) return [];
  return answer.map(coinOf).filter((coin): coin is CoinMarket => coin !== null);
}

/**
 * How old an answer's data is. `dataTime`: when it was fetched from the market, in epoch
 * ms, never later than its arrival; `stale`: the gateway answered with its last known
 * data because the market could not be asked (docs/product.md#last-updated).
 */
export interface AnswerAge {
  dataTime: number;
  stale: boolean;
}

/** An IMF-fixdate ('Sun, 06 Nov 1994 08:49:37 GMT'), the HTTP date servers send. */
const httpDate = v.pipe(
  v.string(),
  v.trim(),
  v.regex(
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  ),
  v.transform(Date.parse),
  v.finite(),
);

/**
 * An answer's age from its headers (absent: an older page's boot script did not read
 * them). Its data time is its `Last-Modified`; a missing, malformed or future one (another
 * clock, a proxy's) falls back to `arrivedAt`, the time the answer arrived.
 */
export function answerAgeOf(headers: AnswerHeaders | undefined, arrivedAt: number): AnswerAge {
  const lastModified = v.safeParse(httpDate, headers?.lastModified);
  return {
    dataTime:
      lastModified.success && lastModified.output <= arrivedAt ? lastModified.output : arrivedAt,
    stale: headers?.marketCache?.trim().toLowerCase() === 'stale',
  };
}

/**
 * The coins of a watched-prices answer, each dated with the answer's data time (ISO): the
 * page's last_updated says when its prices were fetched (docs/product.md#last-updated),
 * where CoinGecko's field says when the coin last changed there.
 */
export function datedCoinsOf(answer: unknown, dataTime: number): CoinMarket[] {
  const lastUpdated = new Date(dataTime).toISOString();
  const coins = coinsOf(answer);
  // The door's own fresh objects, not yet shared: dated in place rather than copied.
  for (const coin of coins) coin.last_updated = lastUpdated;
  return coins;
}

const searchCoinSchema = v.object({
  id: coinIdSchema,
  name: text,
  symbol: text,
  market_cap_rank: amount,
  image: text,
  large: text,
  thumb: text,
  icon: text,
});

/** One coin of a /search answer. The image may come under any of four names. */
export type SearchCoin = v.InferOutput<typeof searchCoinSchema>;

const listOf = (answer: unknown, key: string): unknown[] => {
  const list: unknown =
    typeof answer === 'object' && answer !== null && key in answer
      ? (answer as Record<string, unknown>)[key]
      : [];
  return Array.isArray(list) ? list : [];
};

/** A /search answer after the door: the coins checked, the other lists as they came. */
export interface SearchResponse {
  coins: SearchCoin[];
  exchanges: unknown[];
  icos: unknown[];
  categories: unknown[];
  nfts: unknown[];
}

/** A /search answer: its coins through the door, its other lists (unread) as they came. */
export function searchResponseOf(answer: unknown): SearchResponse {
  return {
    coins: listOf(answer, 'coins').flatMap((item) => {
      const parsed = v.safeParse(searchCoinSchema, item);
      return parsed.success ? [parsed.output] : [];
    }),
    exchanges: listOf(answer, 'exchanges'),
    icos: listOf(answer, 'icos'),
    categories: listOf(answer, 'categories'),
    nfts: listOf(answer, 'nfts'),
  };
}

const coinListEntrySchema = v.object({
  id: coinIdSchema,
  symbol: text,
  name: text,
  // A contract address per platform id; an entry that is not text is no contract.
  platforms: v.fallback(
    v.pipe(
      v.record(v.string(), v.unknown()),
      v.transform((platforms) =>
        Object.fromEntries(
          Object.entries(platforms).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        ),
      ),
    ),
    {},
  ),
});

/** One coin of /coins/list?include_platform=true, after the door. */
export type CoinListEntry = v.InferOutput<typeof coinListEntrySchema>;

/** The entries of a /coins/list answer that have a usable id; not a list: none. */
export function coinListOf(answer: unknown): CoinListEntry[] {
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((item: unknown) => {
    const parsed = v.safeParse(coinListEntrySchema, item);
    return parsed.success ? [parsed.output] : [];
  });
}
