import ky from 'ky';
import { retryAfterMs } from './retryAfter';
import { MARKET_RETRY } from './retryPolicy';

const URL = 'https://market.test/ping';

/**
 * A ky client with the market retry policy over a fetch that answers each call with the
 * next status (and Retry-After) in the list, recording when each call came.
 */
function clientAnswering(answers: { status: number; retryAfter?: string }[]) {
  const calls: number[] = [];
  const fetch = (input: RequestInfo | URL): Promise<Response> => {
    void input;
    const answer = answers[calls.length] ?? { status: 200 };
    calls.push(Date.now());
    const headers = new Headers(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {});
    return Promise.resolve(
      new Response(answer.status === 200 ? '"ok"' : '{}', { status: answer.status, headers }),
    );
  };
  const client = ky.create({ retry: MARKET_RETRY, timeout: false, fetch });
  return { client, calls };
}

/** Starts a GET and lets fake time pass until it settles. */
async function getAfter(client: ReturnType<typeof clientAnswering>['client'], ms: number) {
  const result = client.get(URL).json<string>();
  result.catch(() => {});
  await jest.advanceTimersByTimeAsync(ms);
  return result;
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-10-15T12:00:00.000Z') });
  // No jitter: the backoff delays come out exact.
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('retryAfterMs', () => {
  const now = Date.parse('2025-10-15T12:00:00.000Z');
  it('reads seconds or an HTTP date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '5' }), now)).toBe(5_000);
    expect(retryAfterMs(new Headers({ 'retry-after': ' 120 ' }), now)).toBe(120_000);
    const date = new Date(now + 30_000).toUTCString();
    expect(retryAfterMs(new Headers({ 'retry-after': date }), now)).toBe(30_000);
    const past = new Date(now - 30_000).toUTCString();
    expect(retryAfterMs(new Headers({ 'retry-after': past }), now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': '' }), now)).toBeNull();
  });
});

describe('MARKET_RETRY with ky', () => {
  it('honours a Retry-After of up to 60 s', async () => {
    const { client, calls } = clientAnswering([{ status: 429, retryAfter: '60' }]);
    const result = client.get(URL).json<string>();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(calls).toHaveLength(2);
    expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBe(60_000);
  });

  it.each(['61', '120', '3600'])(
    'ignores a Retry-After of %s s and backs off normally (0.5 s)',
    async (retryAfter) => {
      const { client, calls } = clientAnswering([{ status: 429, retryAfter }]);
      await expect(getAfter(client, 500)).resolves.toBe('ok');
      expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBe(500);
    },
  );

  it('ignores a Retry-After date more than 60 s away', async () => {
    const later = new Date(Date.now() + 300_000).toUTCString();
    const { client, calls } = clientAnswering([{ status: 503, retryAfter: later }]);
    await expect(getAfter(client, 500)).resolves.toBe('ok');
    expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBe(500);
  });

  it('backs off from 0.5 s, doubling, for up to 3 retries', async () => {
    const { client, calls } = clientAnswering([
      { status: 500 },
      { status: 502 },
      { status: 408 },
      { status: 409 },
    ]);
    const result = client.get(URL).json<string>();
    result.catch(() => {});
    await jest.advanceTimersByTimeAsync(500 + 1_000 + 2_000);
    await expect(result).rejects.toMatchObject({ response: { status: 409 } });
    const gaps = calls.slice(1).map((time, i) => time - (calls[i] ?? 0));
    expect(gaps).toEqual([500, 1_000, 2_000]);
  });

  it('adds up to 25% jitter', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const { client, calls } = clientAnswering([{ status: 500 }]);
    await expect(getAfter(client, 625)).resolves.toBe('ok');
    const gap = (calls[1] ?? 0) - (calls[0] ?? 0);
    expect(gap).toBeGreaterThan(600);
    expect(gap).toBeLessThanOrEqual(625);
  });

  it('does not retry other client errors', async () => {
    const { client, calls } = clientAnswering([{ status: 404 }]);
    await expect(getAfter(client, 10_000)).rejects.toMatchObject({ response: { status: 404 } });
    expect(calls).toHaveLength(1);
  });
});
