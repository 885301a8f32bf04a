// The gateway alone in its own process, as deployed, for the load run in gateway.ts: a
// child of the benchmark, which talks to it over IPC ('usage', 'stop').
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { readServerConfig } from '@token-portfolio/server/config';
import { MarketGateway } from '../../server/src/marketGateway/marketGateway';
import { marketGatewayPlugin } from '../../server/src/marketGateway/plugin';

export interface GatewayProcessReady {
  base: string;
  capBytes: number;
}

const [upstreamUrl = ''] = process.argv.slice(2);
const { marketGateway } = readServerConfig({
  MARKET_API_URL: upstreamUrl,
  MARKET_API_KEY: 'bench-demo-key',
});
if (!marketGateway) throw new Error('The gateway is off');
const gateway = new MarketGateway(marketGateway, { log: { warn: () => {}, error: () => {} } });
// Behind a proxy as deployed: each visitor's address comes in X-Forwarded-For.
const app = Fastify({ trustProxy: true });
await app.register(marketGatewayPlugin, { prefix: '/api/market', gateway, corsOrigins: [] });
await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message) => {
  if (message === 'usage') process.send?.(gateway.usage());
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
const ready: GatewayProcessReady = {
  base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/market`,
  capBytes: marketGateway.cacheBytes,
};
process.send?.(ready);
