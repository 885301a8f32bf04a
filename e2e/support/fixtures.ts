import {
  startFixtureServer,
  type FixtureModeSettings,
  type RecordedRequest,
} from '@token-portfolio/shared/fixtures';
import { startComposedServer } from './servers';

/** The shared fixture API of global setup (its origin, e.g. http://127.0.0.1:41234). */
export const sharedFixturesUrl = () => process.env['E2E_FIXTURES_URL'] ?? '';

/** Market API requests a fixture server has answered (GET /__requests). */
export async function fixtureRequests(origin = sharedFixturesUrl()): Promise<RecordedRequest[]> {
  const response = await fetch(new URL('/__requests', origin));
  return (await response.json()) as RecordedRequest[];
}

/** Tells a fixture server how to answer ('429', '500', 'slow', 'hang' or 'ok'). */
export async function setFixtureMode(origin: string, settings: FixtureModeSettings): Promise<void> {
  await fetch(new URL('/__control', origin), { method: 'POST', body: JSON.stringify(settings) });
}

/**
 * A private fixture API and a composed server using it, for a test that changes how the
 * API answers or counts its requests.
 */
export async function startOwnMarket(env: Record<string, string> = {}) {
  const fixtures = await startFixtureServer();
  const composed = await startComposedServer({ MARKET_API_URL: fixtures.url, ...env });
  return {
    baseUrl: composed.url,
    fixtures,
    close: async () => {
      await composed.close();
      await fixtures.close();
    },
  };
}
