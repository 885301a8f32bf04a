import { CACHE_TIMES, RequestCache, type CacheTimes } from './requestCache';

/** A cache on a clock the test moves by hand. */
function cacheWithClock() {
  let now = 1_000_000;
  const cache = new RequestCache(() => now);
  return {
    cache,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A request that answers 'answer 1', 'answer 2', ... and counts its calls. */
function countingRequest() {
  let calls = 0;
  return jest.fn((): Promise<string> => {
    calls += 1;
    return Promise.resolve(`answer ${calls}`);
  });
}

describe('docs/product.md#market-data cache times', () => {
  it('are 1 s for watched tokens, 60 s for search, 120 s stale and 300 s kept for trending', () => {
    expect(CACHE_TIMES.watchedPrices.staleMs).toBe(1_000);
    expect(CACHE_TIMES.search.staleMs).toBe(60_000);
    expect(CACHE_TIMES.trending).toEqual({ staleMs: 120_000, keepMs: 300_000 });
    expect(CACHE_TIMES.search.keepMs).toBe(300_000);
    expect(CACHE_TIMES.watchedPrices.keepMs).toBe(300_000);
  });
});

describe('RequestCache', () => {
  const cases: [string, CacheTimes][] = [
    ['watched tokens', CACHE_TIMES.watchedPrices],
    ['search', CACHE_TIMES.search],
    ['trending', CACHE_TIMES.trending],
  ];

  it.each(cases)(
    'reuses a %s answer while it is fresh and refetches once stale',
    async (_, times) => {
      const { cache, advance } = cacheWithClock();
      const request = countingRequest();

      const first = await cache.fetch('key', request, times);
      expect(first).toMatchObject({ data: 'answer 1', fromCache: false });

      advance(times.staleMs - 1);
      const fresh = await cache.fetch('key', request, times);
      expect(fresh).toEqual({ data: 'answer 1', fetchedAt: first.fetchedAt, fromCache: true });
      expect(request).toHaveBeenCalledTimes(1);

      advance(1);
      const stale = await cache.fetch('key', request, times);
      expect(stale).toMatchObject({ data: 'answer 2', fromCache: false });
      expect(stale.fetchedAt).toBe(first.fetchedAt + times.staleMs);
      expect(request).toHaveBeenCalledTimes(2);
    },
  );

  it('keeps answers apart by key', async () => {
    const { cache } = cacheWithClock();
    const a = await cache.fetch('a', () => Promise.resolve('A'), CACHE_TIMES.search);
    const b = await cache.fetch('b', () => Promise.resolve('B'), CACHE_TIMES.search);
    expect([a.data, b.data]).toEqual(['A', 'B']);
    expect(cache.peek('a')?.data).toBe('A');
  });

  it('sends an identical request in flight only once', async () => {
    const { cache } = cacheWithClock();
    let resolve: (value: string) => void = () => {};
    const request = jest.fn(
      () =>
        new Promise<string>((r) => {
          resolve = r;
        }),
    );
    const first = cache.fetch('key', request, CACHE_TIMES.watchedPrices);
    const second = cache.fetch('key', request, CACHE_TIMES.watchedPrices);
    resolve('prices');
    await expect(first).resolves.toMatchObject({ data: 'prices', fromCache: false });
    await expect(second).resolves.toMatchObject({ data: 'prices', fromCache: true });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer, stale or not, for the keep time and then forgets it', async () => {
    const { cache, advance } = cacheWithClock();
    const { fetchedAt } = await cache.fetch(
      'trending:1',
      () => Promise.resolve('page 1'),
      CACHE_TIMES.trending,
    );

    advance(CACHE_TIMES.trending.staleMs + 1);
    expect(cache.peek('trending:1')).toEqual({ data: 'page 1', fetchedAt });

    advance(CACHE_TIMES.trending.keepMs - CACHE_TIMES.trending.staleMs - 1);
    expect(cache.peek('trending:1')).toEqual({ data: 'page 1', fetchedAt });

    advance(1);
    expect(cache.peek('trending:1')).toBeNull();
  });

  it('keeps the last answer when a refetch fails, and tries again next time', async () => {
    const { cache, advance } = cacheWithClock();
    const times = CACHE_TIMES.watchedPrices;
    const { fetchedAt } = await cache.fetch('ids', () => Promise.resolve('old prices'), times);

    advance(times.staleMs);
    await expect(
      cache.fetch('ids', () => Promise.reject(new Error('offline')), times),
    ).rejects.toThrow('offline');
    expect(cache.peek('ids')).toEqual({ data: 'old prices', fetchedAt });

    const retried = await cache.fetch('ids', () => Promise.resolve('new prices'), times);
    expect(retried).toMatchObject({ data: 'new prices', fromCache: false });
    expect(cache.peek('ids')?.data).toBe('new prices');
  });

  it('has nothing for a request never made, and nothing after clear()', async () => {
    const { cache } = cacheWithClock();
    expect(cache.peek('never')).toBeNull();
    await cache.fetch('key', () => Promise.resolve(1), CACHE_TIMES.search);
    cache.clear();
    expect(cache.peek('key')).toBeNull();
  });
});
