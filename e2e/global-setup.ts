import { startFixtureServer } from '@token-portfolio/shared/fixtures';
import { mkdir } from 'node:fs/promises';
import { PARTNER_PROJECTS, partnerHostDist, preparePartnerHosts } from '../scripts/partner-hosts';
import { startComposedServer } from './support/servers';
import { startStaticServer } from './support/staticServer';

/**
 * One fixture market API and one composed server pointed at it, for the tests that need
 * nothing special; workers read their URLs. Tests that switch the API into a failure
 * mode start their own pair (support/fixtures.ts) so they do not disturb the others.
 * Beside them, each partner host (partner-hosts/) on its own origin, which the server's
 * gateway lets in as a partner's site would be.
 */
export default async function globalSetup() {
  await preparePartnerHosts();
  // The TypeScript partner's dist/ is built by its test, once the server is up.
  const partnerSites = await Promise.all(
    PARTNER_PROJECTS.map(async (project) => {
      await mkdir(partnerHostDist(project), { recursive: true });
      return startStaticServer(partnerHostDist(project));
    }),
  );
  const fixtures = await startFixtureServer();
  // Every test's browser shares this server from one address, and the fixture API has no
  // plan to protect: the gateway's budget and per-visitor search limit are set out of reach.
  const composed = await startComposedServer({
    MARKET_API_URL: fixtures.url,
    MARKET_GATEWAY_CALLS_PER_MINUTE: '10000',
    MARKET_GATEWAY_MONTHLY_CALLS: '100000000',
    MARKET_GATEWAY_SEARCHES_PER_CLIENT: '1000',
    MARKET_GATEWAY_CORS_ORIGINS: partnerSites.map(({ url }) => new URL(url).origin).join(','),
  });
  process.env['E2E_BASE_URL'] = composed.url;
  process.env['E2E_FIXTURES_URL'] = fixtures.origin;
  process.env['E2E_PARTNER_HOSTS'] = JSON.stringify(
    Object.fromEntries(PARTNER_PROJECTS.map((host, index) => [host, partnerSites[index]?.url])),
  );
  return async () => {
    await composed.close();
    await fixtures.close();
    await Promise.all(partnerSites.map((site) => site.close()));
  };
}
