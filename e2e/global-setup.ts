import { startComposedServer } from './support/servers';

/** One composed server for the tests that need nothing special; workers read its URL. */
export default async function globalSetup() {
  const composed = await startComposedServer({ MARKET_API_URL: 'http://127.0.0.1:9/api/v3' });
  process.env['E2E_BASE_URL'] = composed.url;
  return async () => {
    await composed.close();
  };
}
