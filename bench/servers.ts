import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { readServerConfig } from '../host/server/config';
import { createComposedServer, defaultDistFolders, type DistFolders } from '../host/server/server';

const monolithDist = path.join(import.meta.dirname, 'monolith/dist');

/** The two builds under test: the federated app and the single-bundle baseline. */
export type BuildName = 'federated' | 'monolith';

/**
 * Copies of every build, taken right after building: other work on the machine may
 * rebuild a dist/ (deleting its old chunks) while the benchmark runs. The single-bundle
 * page is the composed server with the host's folder replaced.
 */
async function snapshotDists(root: string): Promise<Record<BuildName, DistFolders>> {
  const copyOf = async (folder: string, name: string) => {
    const target = path.join(root, name);
    await cp(folder, target, { recursive: true });
    return target;
  };
  const originals = defaultDistFolders();
  const federated = Object.fromEntries(
    await Promise.all(
      Object.entries(originals).map(async ([name, folder]) => [name, await copyOf(folder, name)]),
    ),
  ) as DistFolders;
  return { federated, monolith: { ...federated, host: await copyOf(monolithDist, 'monolith') } };
}

const COMPRESSIBLE = /javascript|css|html|json|svg/;

/**
 * Gzip on the fly, as a CDN in front of the app would: without it the slow-network
 * timings would measure raw bytes no deployment serves. Both builds get the same.
 */
function serveGzipped(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (reply.statusCode !== 200 || !accepts || !COMPRESSIBLE.test(type)) return payload;
    reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
    reply.removeHeader('content-length');
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) return gzipSync(payload);
    return payload instanceof Readable ? payload.pipe(createGzip()) : payload;
  });
}

/** The composed server on a free loopback port, configured by environment variables. */
export async function startComposed(
  dists: DistFolders,
  env: Record<string, string>,
): Promise<FastifyInstance> {
  const { runtime, marketGateway } = readServerConfig({ PORT: '0', ...env });
  const app = await createComposedServer({ runtime, marketGateway, dists });
  serveGzipped(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

export const urlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;

export interface BenchServers {
  fixtures: RunningFixtureServer;
  urls: Record<BuildName, string>;
  /** The folders each build is served from. */
  dists: Record<BuildName, DistFolders>;
  close(): Promise<void>;
}

/** One fixture market API and a composed server per build, all on loopback. */
export async function startBenchServers(): Promise<BenchServers> {
  const root = await mkdtemp(path.join(tmpdir(), 'tp-bench-'));
  const dists = await snapshotDists(root);
  const fixtures = await startFixtureServer();
  // All the bench's page loads come from one address and the fixture API has no plan to
  // protect: the gateway's budget and per-visitor search limit are set out of reach.
  const env = {
    MARKET_API_URL: fixtures.url,
    MARKET_GATEWAY_CALLS_PER_MINUTE: '10000',
    MARKET_GATEWAY_MONTHLY_CALLS: '100000000',
    MARKET_GATEWAY_SEARCHES_PER_CLIENT: '1000',
  };
  const federated = await startComposed(dists.federated, env);
  const monolith = await startComposed(dists.monolith, env);
  return {
    fixtures,
    urls: { federated: urlOf(federated), monolith: urlOf(monolith) },
    dists,
    close: async () => {
      await Promise.all([federated.close(), monolith.close()]);
      await fixtures.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
