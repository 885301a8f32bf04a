import { startFixtureServer } from '@token-portfolio/shared/fixtures';
import { startComposedServer } from './support/servers';

/**
 * One fixture market API and one composed server pointed at it, for the tests that need
 * nothing special; workers read their URLs. Tests that switch the API into a failure
 * mode start their own pair (support/fixtures.ts) so they do not disturb the others.
 */
export default async function globalSetup() {
  const fixtures = await startFixtureServer();
  const composed = await startComposedServer({ MARKET_API_URL: fixtures.url });
  process.env['E2E_BASE_URL'] = composed.url;
  process.env['E2E_FIXTURES_URL'] = fixtures.origin;
  return async () => {
    await composed.close();
    await fixtures.close();
  };
}
