// Starts the composed app: `npm start` (after building) or `npm run serve`.
import { ConfigError, readServerConfig } from './config';
import { createComposedServer, missingDists } from './server';
import { stopOnSignals } from './sharedState/shutdown';

/**
 * `--offline`: serve the market API from the fixtures (in this process, on FIXTURES_PORT
 * or a free port) for demos without network.
 */
async function startOfflineMarket(): Promise<Record<string, string>> {
  const { startFixtureServer } = await import('@token-portfolio/shared/fixtures');
  const fixtures = await startFixtureServer({ port: Number(process.env['FIXTURES_PORT'] ?? 0) });
  console.log(`Offline: market data comes from the fixture server at ${fixtures.url}`);
  return { MARKET_API_URL: fixtures.url };
}

async function main() {
  const offline = process.argv.includes('--offline');
  const env = offline ? { ...process.env, ...(await startOfflineMarket()) } : process.env;
  let config;
  try {
    config = readServerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const notice of config.notices) console.warn(`Note: ${notice}`);
  for (const name of missingDists()) {
    console.warn(`Warning: ${name} has no build; its part of the page will show a fallback card.`);
  }
  const app = await createComposedServer({
    runtime: config.runtime,
    marketGateway: config.marketGateway,
    // Warnings only (e.g. the market API failing); never a key (see logRedaction.ts).
    logger: { level: 'warn' },
    authSecret: config.authSecret,
    publicOrigin: config.publicOrigin,
    trustProxy: config.trustProxy,
    limits: config.limits,
    redisUrl: config.redisUrl,
    dataDir: config.dataDir,
  });
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Token Portfolio is running at http://${shownHost}:${port}/`);
  stopOnSignals(app, (code) => process.exit(code));
}

main().catch((error: unknown) => {
  // e.g. the port is taken (EADDRINUSE): one clear line, not a stack trace.
  console.error(
    `Token Portfolio could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
