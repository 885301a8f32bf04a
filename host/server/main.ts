// Starts the composed app: `npm start` (after building) or `npm run serve`.
import { ConfigError, readServerConfig } from './config';
import { createComposedServer, missingDists } from './server';

async function main() {
  let config;
  try {
    config = readServerConfig(process.env);
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
  const app = await createComposedServer({ runtime: config.runtime });
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Token Portfolio is running at http://${shownHost}:${port}/`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
