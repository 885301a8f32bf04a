import { cp, mkdir, mkdtemp, rename, rm, symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { REMOTE_NAMES } from '@token-portfolio/shared/remotes';
import { readServerConfig } from '@token-portfolio/server/config';
import { defaultDistFolders, type DistFolders } from '@token-portfolio/server/dist-folders';
import { createComposedServer } from '@token-portfolio/server/server';
import { startBenchMarket, type BenchMarket } from './market';
import { startTlsFront, type Protocol } from './nginxFront';
import { createLocalCertificate } from './tls';

export const monolithDist = path.join(import.meta.dirname, 'monolith/dist');

/** The two builds under test: the federated app and the single-bundle baseline. */
export type BuildName = 'federated' | 'monolith';
export const BUILDS: readonly BuildName[] = ['federated', 'monolith'];

type AppName = keyof DistFolders;

/** Builds, each served by a composed server with nginx in front, and their market. */
export interface ServedBuilds<B extends string> {
  market: BenchMarket;
  /** The fixture API behind the market (its request log counts the gateway's calls). */
  fixtures: RunningFixtureServer;
  /** Straight to each build's composed server over plain HTTP: for counts, not timings. */
  urls: Record<B, string>;
  /** Each build through nginx with TLS, over HTTP/2 and over HTTP/1.1. */
  tls: Record<Protocol, Record<B, string>>;
  /** What Chromium must be told to trust the front's certificate (see tls.ts). */
  spkiSha256: string;
  close(): Promise<void>;
}

export interface BenchServers extends ServedBuilds<BuildName> {
  /** The folders each build is served from. */
  dists: Record<BuildName, DistFolders>;
  /**
   * Serves `folder` as one app of one build from now on, as a redeploy does (the server
   * keeps running); `null` puts back the build the benchmark started with.
   */
  deploy(build: BuildName, app: AppName, folder: string | null): Promise<void>;
}

/** The composed server (`npm start`'s serving) on a free loopback port. */
export async function startComposed(
  dists: DistFolders,
  env: Record<string, string>,
): Promise<FastifyInstance> {
  const { runtime, marketGateway, limits } = readServerConfig({ PORT: '0', ...env });
  const app = await createComposedServer({ runtime, marketGateway, limits, dists });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

export const urlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;

/**
 * Copies of every build, taken right after building (other work on the machine may
 * rebuild a dist/ while the benchmark runs), each served through a symbolic link that a
 * redeploy points elsewhere. The single-bundle page is the composed server with the
 * host's folder replaced and no remote.
 */
async function servedFolders(root: string) {
  // The single bundle loads no remote: its server has none to list in the page's hints
  // (the composed page still names their manifests, which nothing then asks for).
  const noRemote = path.join(root, 'no-remote');
  await mkdir(noRemote);
  const originals: Record<BuildName, DistFolders> = {
    federated: defaultDistFolders(),
    monolith: {
      ...(Object.fromEntries(REMOTE_NAMES.map((name) => [name, noRemote])) as DistFolders),
      host: monolithDist,
    },
  };
  const copies = new Map<string, string>();
  const dists = {} as Record<BuildName, DistFolders>;
  for (const build of BUILDS) {
    dists[build] = {} as DistFolders;
    for (const [app, folder] of Object.entries(originals[build]) as [AppName, string][]) {
      let copy = copies.get(folder);
      if (!copy) {
        copy = path.join(root, 'builds', `${copies.size}-${path.basename(path.dirname(folder))}`);
        await cp(folder, copy, { recursive: true });
        copies.set(folder, copy);
      }
      const served = path.join(root, 'served', build, app);
      await mkdir(path.dirname(served), { recursive: true });
      await symlink(copy, served);
      dists[build][app] = served;
    }
  }
  const startedWith = (build: BuildName, app: AppName) =>
    copies.get(originals[build][app]) ?? originals[build][app];
  const deploy = async (build: BuildName, app: AppName, folder: string | null) => {
    // A new link renamed over the old one: the server never sees the app missing.
    const next = `${dists[build][app]}.next`;
    await rm(next, { force: true });
    await symlink(folder ?? startedWith(build, app), next);
    await rename(next, dists[build][app]);
  };
  return { dists, deploy };
}

/**
 * The market, a composed server per build (named by letters and digits), and nginx with
 * TLS in front, all on loopback; `root` holds the front's certificate.
 */
export async function serveBuilds<B extends string>(
  dists: Record<B, DistFolders>,
  root: string,
): Promise<ServedBuilds<B>> {
  const builds = Object.keys(dists) as B[];
  const market = await startBenchMarket();
  // All the bench's page loads come from one address and the fixture API has no plan to
  // protect: the gateway's budget and per-visitor limits are set out of reach. Prices
  // stay fresh one second (the least), so each load gets its own (see market.ts). The
  // duplicates measurement reads each build's chunk-modules.json: build records are served.
  const env = {
    SERVE_BUILD_RECORDS: 'true',
    MARKET_API_URL: market.url,
    MARKET_GATEWAY_CALLS_PER_MINUTE: '10000',
    MARKET_GATEWAY_MONTHLY_CALLS: '100000000',
    MARKET_GATEWAY_SEARCHES_PER_CLIENT: '1000',
    MARKET_GATEWAY_PAGES_PER_CLIENT: '1000',
    MARKET_GATEWAY_PRICE_CALLS_PER_CLIENT: '1000',
    MARKET_GATEWAY_CLIENT_SHARE_PERCENT: '100',
    MARKET_GATEWAY_FRESH_SECONDS: '1',
  };
  const servers = await Promise.all(
    builds.map(async (build) => ({ build, server: await startComposed(dists[build], env) })),
  );
  const urls = Object.fromEntries(
    servers.map(({ build, server }) => [build, urlOf(server)]),
  ) as Record<B, string>;
  const certificate = createLocalCertificate(root);
  const front = await startTlsFront(
    builds.map((name) => ({ name, url: urls[name] })),
    certificate,
    market.fixtures.origin,
  );
  const over = (protocol: Protocol) =>
    Object.fromEntries(
      builds.map((build) => [build, front.urls[build]?.[protocol] ?? '']),
    ) as Record<B, string>;
  return {
    market,
    fixtures: market.fixtures,
    urls,
    tls: { h2: over('h2'), h1: over('h1') },
    spkiSha256: certificate.spkiSha256,
    close: async () => {
      await front.close();
      await Promise.all(servers.map(({ server }) => server.close()));
      await market.close();
    },
  };
}

/** The benchmark's two builds, from copies taken now, behind nginx with their market. */
export async function startBenchServers(): Promise<BenchServers> {
  const root = await mkdtemp(path.join(tmpdir(), 'tp-bench-'));
  const { dists, deploy } = await servedFolders(root);
  const served = await serveBuilds(dists, root);
  return {
    ...served,
    dists,
    deploy,
    close: async () => {
      await served.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
