/**
 * What the gateway answers: exactly the CoinGecko v3 requests the product makes, each
 * parsed into a typed request. Anything else gets a clear reason (sent as a 400, never
 * repeating what was sent); the
 * gateway builds its upstream URLs from these typed requests only, never from what the
 * client sent, so it cannot be used as an open proxy.
 */

import { COIN_ID_PATTERN } from '@token-portfolio/shared/market/coinId';

/** The most ids one markets request may ask for (CoinGecko's own per_page limit). */
export const MAX_IDS = 250;
const MAX_PAGE = 1000;
const MAX_QUERY_LENGTH = 100;

export type MarketRequest =
  /** Watched-coin prices: the markets call for specific tokens (docs/product.md#market-data). */
  | { route: 'marketsByIds'; ids: string[]; sparkline: boolean; priceChange24h: boolean }
  /** A page of coins by market cap (the Add Token modal's Trending). */
  | { route: 'marketsPage'; page: number; perPage: number }
  | { route: 'search'; query: string }
  /** Every coin with its contract addresses per platform (wallet holdings). */
  | { route: 'coinsList' };

export type ParsedRequest = { ok: true; request: MarketRequest } | { ok: false; problem: string };

const ROUTES = ['/coins/markets', '/search', '/coins/list'] as const;
type Route = (typeof ROUTES)[number];

const PARAMETERS: Record<Route, readonly string[]> = {
  '/coins/markets': [
    'vs_currency',
    'ids',
    'page',
    'per_page',
    'sparkline',
    'price_change_percentage',
  ],
  '/search': ['query'],
  '/coins/list': ['include_platform'],
};

class Problem extends Error {}

function checkedPath(path: string): Route {
  if (/%2f|%5c|\\/i.test(path)) throw new Problem('Encoded slashes are not allowed in the path.');
  const segments = path.split('/').slice(1);
  const decoded = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  if (segments.some((segment) => ['.', '..'].includes(decoded(segment)))) {
    throw new Problem('Dot segments are not allowed in the path.');
  }
  const route = ROUTES.find((known) => known === path);
  if (!route) {
    throw new Problem(`Unknown market route. The gateway answers ${ROUTES.join(', ')}.`);
  }
  return route;
}

/** The query's parameters, each given at most once and each known for the route. */
function checkedParameters(route: Route, queryText: string): Map<string, string> {
  const query = new URLSearchParams(queryText);
  const parameters = new Map<string, string>();
  for (const [name, value] of query) {
    if (!PARAMETERS[route].includes(name)) {
      throw new Problem(
        `Unknown query parameter for ${route}. Allowed: ${PARAMETERS[route].join(', ')}.`,
      );
    }
    if (parameters.has(name))
      throw new Problem(`Query parameter '${name}' is given more than once.`);
    parameters.set(name, value);
  }
  return parameters;
}

function whole(parameters: Map<string, string>, name: string, max: number): number | undefined {
  const text = parameters.get(name);
  if (text === undefined) return undefined;
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new Problem(`${name} must be a whole number from 1 to ${max}.`);
  }
  return Number(text);
}

function oneOf(parameters: Map<string, string>, name: string, allowed: readonly string[]) {
  const text = parameters.get(name);
  if (text !== undefined && !allowed.includes(text)) {
    throw new Problem(`${name} must be ${allowed.map((a) => `'${a}'`).join(' or ')}.`);
  }
  return text;
}

function markets(parameters: Map<string, string>): MarketRequest {
  if (oneOf(parameters, 'vs_currency', ['usd']) === undefined) {
    throw new Problem("vs_currency is required (only 'usd').");
  }
  const perPage = whole(parameters, 'per_page', MAX_IDS);
  const page = whole(parameters, 'page', MAX_PAGE);
  const sparkline = oneOf(parameters, 'sparkline', ['true', 'false']) === 'true';
  const priceChange24h = oneOf(parameters, 'price_change_percentage', ['24h']) === '24h';
  const idsText = parameters.get('ids');
  if (idsText === undefined) {
    if (parameters.has('sparkline') || parameters.has('price_change_percentage')) {
      throw new Problem('sparkline and price_change_percentage are allowed only with ids.');
    }
    return { route: 'marketsPage', page: page ?? 1, perPage: perPage ?? 100 };
  }
  const ids = [...new Set(idsText.split(','))];
  const bad = ids.find((id) => !COIN_ID_PATTERN.test(id));
  if (bad !== undefined) {
    throw new Problem(
      "ids must be coin ids separated by commas (lowercase letters, digits, '-', '_', '.').",
    );
  }
  if (ids.length > MAX_IDS) {
    throw new Problem(`At most ${MAX_IDS} ids per request, not ${ids.length}.`);
  }
  if ((page ?? 1) !== 1) throw new Problem('page must be 1 with ids.');
  if (perPage !== undefined && perPage < ids.length) {
    throw new Problem(`per_page (${perPage}) is smaller than the number of ids (${ids.length}).`);
  }
  return { route: 'marketsByIds', ids, sparkline, priceChange24h };
}

function search(parameters: Map<string, string>): MarketRequest {
  const query = (parameters.get('query') ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (!query) throw new Problem('query is required.');
  if (query.length > MAX_QUERY_LENGTH) {
    throw new Problem(`query may be at most ${MAX_QUERY_LENGTH} characters.`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(query))
    throw new Problem('query may not hold control characters.');
  return { route: 'search', query };
}

function coinsList(parameters: Map<string, string>): MarketRequest {
  if (oneOf(parameters, 'include_platform', ['true']) === undefined) {
    throw new Problem(
      'include_platform=true is required (the gateway serves the list with platforms).',
    );
  }
  return { route: 'coinsList' };
}

/**
 * Parses a request below the gateway's path: `pathAndQuery` is the raw request target
 * after '/api/market' (e.g. '/coins/markets?vs_currency=usd&ids=bitcoin'), not normalised,
 * so dot segments and encoded slashes are seen as sent.
 */
export function parseMarketRequest(pathAndQuery: string): ParsedRequest {
  const queryStart = pathAndQuery.indexOf('?');
  const path = queryStart === -1 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
  const query = queryStart === -1 ? '' : pathAndQuery.slice(queryStart + 1);
  try {
    const route = checkedPath(path);
    const parameters = checkedParameters(route, query);
    const request =
      route === '/coins/markets'
        ? markets(parameters)
        : route === '/search'
          ? search(parameters)
          : coinsList(parameters);
    return { ok: true, request };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: error.message };
    // URLSearchParams and decodeURIComponent do not throw on what reaches here; a bug would.
    throw error;
  }
}
