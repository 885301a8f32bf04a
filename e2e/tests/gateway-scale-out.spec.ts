import { startFixtureServer, type RunningFixtureServer } from '@token-portfolio/shared/fixtures';
import { test, expect } from '../support/test';
import { startComposedServer, type RunningServer } from '../support/servers';
import { startNginxInFront } from '../support/nginxGateway';

// Browser-free: two composed servers behind Debian's nginx with the shared cache of
// docs/nginx/market-gateway.conf, the fixture server as the market API behind them.
let fixtures: RunningFixtureServer;
let servers: RunningServer[];
let nginx: Awaited<ReturnType<typeof startNginxInFront>>;

test.beforeAll(async () => {
  fixtures = await startFixtureServer();
  servers = await Promise.all(
    [1, 2].map(() =>
      startComposedServer({
        MARKET_API_URL: fixtures.url,
        TRUST_PROXY: 'true',
        MARKET_GATEWAY_SEARCHES_PER_CLIENT: '3',
      }),
    ),
  );
  nginx = await startNginxInFront(servers.map((server) => server.url));
});
test.afterAll(async () => {
  await nginx.close();
  await Promise.all(servers.map((server) => server.close()));
  await fixtures.close();
});

/** The request the composed page sends for the five sample coins. */
const SAMPLE_PRICES =
  'api/market/coins/markets?vs_currency=usd&ids=ethereum,binancecoin,ripple,solana,dogecoin' +
  '&per_page=5&page=1&sparkline=true&price_change_percentage=24h';

test('visitors’ identical market requests cost the market API one call', async () => {
  fixtures.reset();
  const visit = () => fetch(`${nginx.url}${SAMPLE_PRICES}`);
  // Forty visitors at once, then forty more one after the other.
  const together = await Promise.all(Array.from({ length: 40 }, visit));
  const later: Response[] = [];
  for (let i = 0; i < 40; i += 1) later.push(await visit());

  const answers = [...together, ...later];
  expect(answers.map((answer) => answer.status)).toEqual(Array(80).fill(200));
  const ids = ((await answers[79]?.json()) as { id: string }[]).map((coin) => coin.id);
  expect(ids).toEqual(['ethereum', 'binancecoin', 'ripple', 'solana', 'dogecoin']);
  expect(later.every((answer) => answer.headers.get('x-cache-status') === 'HIT')).toBe(true);
  expect(fixtures.requests().filter((r) => r.path === '/coins/markets')).toHaveLength(1);
});

test('searches are shared the same way; the page itself is not cached', async () => {
  fixtures.reset();
  const search = (query: string) => fetch(`${nginx.url}api/market/search?query=${query}`);
  const answers = await Promise.all(Array.from({ length: 30 }, () => search('sol')));
  expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
  expect(fixtures.requests().filter((r) => r.path === '/search')).toHaveLength(1);
  // Not cached by nginx: the page itself, served by either server.
  expect((await fetch(`${nginx.url}config.json`)).headers.get('x-cache-status')).toBeNull();
});

test('a visitor cannot claim another address: the limits count the address nginx saw', async () => {
  fixtures.reset();
  // Fourteen new searches, each claiming another left-most X-Forwarded-For entry.
  const answers = [];
  for (let i = 1; i <= 14; i += 1) {
    answers.push(
      await fetch(`${nginx.url}api/market/search?query=spoof${i}`, {
        headers: { 'x-forwarded-for': `10.9.8.${i}` },
      }),
    );
  }
  const statuses = answers.map((answer) => answer.status);
  // Three new searches a minute per visitor on each of the two servers, then 429.
  expect(statuses.filter((status) => status === 200)).toHaveLength(6);
  expect(statuses.filter((status) => status === 429)).toHaveLength(8);
  expect(answers.find((answer) => answer.status === 429)?.headers.get('retry-after')).toMatch(
    /^\d+$/,
  );
});

test("nginx's own refusals carry the security headers and a JSON error, as the servers' do", async () => {
  const expectSecured = (answer: Response) => {
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-type')).toBe('application/json');
  };
  // A body over the documented 256 KB never reaches a server.
  const tooLarge = await fetch(`${nginx.url}api/watchlist/changes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ changes: 'x'.repeat(300 * 1024) }),
  });
  expect(tooLarge.status).toBe(413);
  expectSecured(tooLarge);
  expect(await tooLarge.json()).toEqual({
    error: 'body_too_large',
    message: 'The request body is larger than 256 KB.',
  });

  // Every server gone: nginx answers for them.
  const lone = await startComposedServer({ MARKET_API_URL: fixtures.url });
  const front = await startNginxInFront([lone.url]);
  try {
    await lone.close();
    // A script's URL: the answer is still JSON, whatever the extension says.
    const unanswered = await fetch(`${front.url}remotes/header/remoteEntry.js`);
    expect(unanswered.status).toBe(502);
    expectSecured(unanswered);
    expect(await unanswered.json()).toEqual({
      error: 'unavailable',
      message: 'The service is unavailable right now; try again later.',
    });
  } finally {
    await front.close();
  }
});
