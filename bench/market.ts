import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { syntheticCoinRows, THOUSAND } from './syntheticCoins';

/** What each coin costs in the market's current answers, by the name the page shows. */
export type PricesByName = Record<string, number>;

export interface BenchMarket {
  /** The market API base URL for the gateway (MARKET_API_URL). */
  url: string;
  /** The fixture API behind it, which logs and counts the requests. */
  fixtures: RunningFixtureServer;
  /**
   * New prices for the next load: every coin's fixture price times a factor that grows by
   * 2% at each call, so they differ from the samples (the fixture prices, factor 1) and
   * from anything an earlier load saved. Returns them, by coin name.
   */
  newPrices(): PricesByName;
  close(): Promise<void>;
}

const MARKETS = /\/coins\/markets$/;

/**
 * A coin of this load: its price times the factor, its image on the page's own origin
 * (the TLS front passes /fixtures/ on to the fixture API) so an https page shows it.
 */
function coinOfThisLoad(coin: unknown, factor: number): unknown {
  if (typeof coin !== 'object' || coin === null) return coin;
  const record = coin as Record<string, unknown>;
  return {
    ...record,
    current_price: Number(record['current_price']) * factor,
    image: typeof record['image'] === 'string' ? new URL(record['image']).pathname : null,
  };
}

/**
 * The benchmark's market API: the fixture API knowing 1,000 coins (its 45 real ones
 * first, so the samples are there), behind a proxy that scales every /coins/markets price
 * by the current factor and serves images from the page's origin. The proxy is the bench's own: the fixture API stays as the tests
 * know it.
 */
export async function startBenchMarket(): Promise<BenchMarket> {
  const rows = syntheticCoinRows(THOUSAND);
  const fixtures = await startFixtureServer({ coins: rows });
  let factor = 1;

  const server = createServer((request, response) => {
    void (async () => {
      const target = new URL(request.url ?? '/', fixtures.origin);
      const upstream = await fetch(target, {
        method: request.method,
        headers: Object.entries(request.headers).flatMap(([name, value]) =>
          typeof value === 'string' && name !== 'host' ? [[name, value] as [string, string]] : [],
        ),
      });
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
      let body = Buffer.from(await upstream.arrayBuffer());
      if (upstream.ok && MARKETS.test(target.pathname) && type.includes('json')) {
        const answer: unknown = JSON.parse(body.toString('utf8'));
        const coins = Array.isArray(answer) ? answer.map((c) => coinOfThisLoad(c, factor)) : answer;
        body = Buffer.from(JSON.stringify(coins));
      }
      const headers = Object.fromEntries(
        [...upstream.headers].filter(
          ([name]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(name),
        ),
      );
      response.writeHead(upstream.status, headers).end(body);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v3`,
    fixtures,
    newPrices: () => {
      factor = Math.round((factor + 0.02) * 100) / 100;
      return Object.fromEntries(rows.map((row) => [row.name, row.price * factor]));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fixtures.close();
    },
  };
}
