import fc from 'fast-check';
import { answerAgeOf, coinOf, coinsOf, datedCoinsOf, searchResponseOf } from './schemas';
import { parseSavedWishlist, serializeSavedWishlist } from '../persistence/savedWishlist';
import { computeValue } from '../wishlist/value';

const good = {
  id: 'solana',
  symbol: 'sol',
  name: 'Solana',
  image: 'https://img.example/sol.png',
  current_price: 180.5,
  price_change_percentage_24h: -2.5,
  last_updated: '2026-11-23T10:00:00.000Z',
  sparkline_in_7d: { price: [170, 175, 180.5] },
};

describe('the market door, field by field', () => {
  it('keeps a well-formed coin and fills fields it did not send with null', () => {
    expect(coinOf(good)).toMatchObject({ ...good, market_cap: null, roi: null });
  });

  it('turns a bad sparkline into no sparkline and keeps the rest of the coin', () => {
    const coin = coinOf({ ...good, sparkline_in_7d: { price: 'up' } });
    expect(coin).toMatchObject({ id: 'solana', current_price: 180.5, sparkline_in_7d: null });
  });

  it('turns a bad price into no price (also NaN-like and infinite numbers)', () => {
    for (const current_price of ['180', Infinity, { usd: 1 }, true]) {
      expect(coinOf({ ...good, current_price })).toMatchObject({
        name: 'Solana',
        current_price: null,
      });
    }
  });

  it('drops a coin without a usable id, and only that coin', () => {
    expect(
      coinsOf([good, { ...good, id: '  ' }, { name: 'No id' }, null, 7]).map((c) => c.id),
    ).toEqual(['solana']);
  });

  it('reads an answer that is not a list as no coins', () => {
    expect(coinsOf({ error: 'oops' })).toEqual([]);
    expect(searchResponseOf('nope').coins).toEqual([]);
  });

  it('does not keep fields it does not know', () => {
    expect(
      coinOf({ ...good, __proto__: { polluted: true }, extra: '<script>' }),
    ).not.toHaveProperty('extra');
  });

  it('never throws, and whatever it returns is well-typed and survives saving unchanged', () => {
    const field = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.double(),
      fc.string(),
      fc.boolean(),
      fc.array(fc.oneof(fc.double(), fc.string()), { maxLength: 5 }),
      fc.object({ maxDepth: 1 }),
    );
    const record = fc.record(
      {
        id: fc.oneof(fc.string(), field),
        symbol: field,
        name: field,
        image: field,
        current_price: field,
        price_change_percentage_24h: field,
        last_updated: field,
        sparkline_in_7d: fc.oneof(field, fc.record({ price: field })),
        roi: fc.oneof(field, fc.record({ times: field, currency: field, percentage: field })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.string(), (records, holdings) => {
        const coins = coinsOf(records);
        for (const coin of coins) {
          expect(typeof coin.id).toBe('string');
          expect(coin.id.trim()).not.toBe('');
          for (const number of [coin.current_price, coin.price_change_percentage_24h])
            expect(number === null || Number.isFinite(number)).toBe(true);
          for (const price of coin.sparkline_in_7d?.price ?? [])
            expect(Number.isFinite(price)).toBe(true);
        }
        // What is saved is exactly what the door let in (nothing invalid is persisted).
        const ids = [...new Set(coins.map((coin) => coin.id))];
        const entities = Object.fromEntries(
          coins.map((coin) => [
            coin.id,
            { ...coin, holdings, value: computeValue(holdings, coin.current_price) },
          ]),
        );
        const saved = { ids, entities, edits: {} };
        const loaded = parseSavedWishlist(serializeSavedWishlist(saved));
        expect(loaded.ids).toEqual(ids);
        for (const id of ids) expect(loaded.entities[id]).toMatchObject({ id, holdings });
      }),
      { numRuns: 1000 },
    );
  });
});

describe("the market door for an answer's age (docs/product.md#last-updated)", () => {
  const arrivedAt = Date.parse('2026-11-23T10:00:00.000Z');
  const age = (lastModified: string | null, marketCache: string | null = 'hit') =>
    answerAgeOf({ lastModified, marketCache }, arrivedAt);

  it("dates the data by its Last-Modified, the gateway's HTTP date", () => {
    expect(age('Mon, 23 Nov 2026 07:30:15 GMT')).toEqual({
      dataTime: Date.parse('2026-11-23T07:30:15.000Z'),
      stale: false,
    });
    // The arrival second itself is not in the future.
    expect(age('Mon, 23 Nov 2026 10:00:00 GMT').dataTime).toBe(arrivedAt);
  });

  it('falls back to the arrival time for a missing, malformed or future date, never NaN', () => {
    for (const lastModified of [
      null,
      '',
      'yesterday',
      '1',
      '2026-11-23T07:30:15Z',
      'Mon, 23 Nov 2026 25:61:00 GMT',
      'Mon, 23 Nov 2026 07:30:15 +0100',
      'Mon, 23 Nov 2026 10:00:01 GMT',
      'Tue, 23 Nov 2027 07:30:15 GMT',
    ]) {
      expect(age(lastModified).dataTime).toBe(arrivedAt);
    }
    expect(answerAgeOf(undefined, arrivedAt)).toEqual({ dataTime: arrivedAt, stale: false });
  });

  it('is stale only when the gateway says it answered with its last known data', () => {
    expect(age('Mon, 23 Nov 2026 07:30:15 GMT', 'stale').stale).toBe(true);
    expect(age(null, ' STALE ').stale).toBe(true);
    for (const marketCache of ['hit', 'miss', null, '', 'stale, hit']) {
      expect(age(null, marketCache).stale).toBe(false);
    }
  });

  it('dates every coin of a prices answer with its data time', () => {
    const coins = datedCoinsOf([good, { ...good, id: 'bitcoin' }, { id: 7 }], arrivedAt - 5_000);
    expect(coins.map((coin) => [coin.id, coin.last_updated])).toEqual([
      ['solana', '2026-11-23T09:59:55.000Z'],
      ['bitcoin', '2026-11-23T09:59:55.000Z'],
    ]);
  });

  it('never gives a time after the arrival, whatever the header says', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.date({ noInvalidDate: true }), (text, date) => {
        for (const lastModified of [text, date.toUTCString()]) {
          const { dataTime } = age(lastModified);
          expect(Number.isFinite(dataTime) && dataTime <= arrivedAt).toBe(true);
        }
      }),
    );
  });
});

describe('the saved-state door, entry by entry', () => {
  const text = (entities: Record<string, unknown>, ids = Object.keys(entities)) =>
    JSON.stringify({ version: 1, ids, entities, edits: {} });

  it('loads the good entries of a saved state with bad ones, and keeps every id', () => {
    const loaded = parseSavedWishlist(
      text({
        solana: { ...good, holdings: '20' },
        broken: { id: 'broken', holdings: 5 },
        bare: { holdings: '1e3' },
        pending: null,
      }),
    );
    expect(loaded.ids).toEqual(['solana', 'broken', 'bare', 'pending']);
    expect(loaded.entities['solana']).toMatchObject({ holdings: '20', value: 3610 });
    expect(loaded.entities['broken']).toBeNull();
    expect(loaded.entities['bare']).toEqual({ holdings: '1e3', value: null });
    expect(loaded.entities['pending']).toBeNull();
  });

  it('keeps holdings verbatim, whatever the text', () => {
    const loaded = parseSavedWishlist(text({ solana: { ...good, holdings: ' 12,5 abc ' } }));
    expect(loaded.entities['solana']).toMatchObject({ holdings: ' 12,5 abc ', value: null });
  });

  it('drops ids that are not text or repeat, and a bad field degrades only its coin', () => {
    const loaded = parseSavedWishlist(
      JSON.stringify({
        version: 1,
        ids: ['solana', 7, 'solana', 'bitcoin'],
        entities: {
          solana: { ...good, current_price: 'lots', holdings: '2' },
          bitcoin: { ...good, id: 'bitcoin', holdings: '1' },
        },
      }),
    );
    expect(loaded.ids).toEqual(['solana', 'bitcoin']);
    expect(loaded.entities['solana']).toMatchObject({ current_price: null, value: null });
    expect(loaded.entities['bitcoin']).toMatchObject({ current_price: 180.5, value: 180.5 });
  });

  it('refuses text that is not a saved wishlist at all', () => {
    expect(() => parseSavedWishlist('{"version":2}')).toThrow('unknown format');
    expect(() => parseSavedWishlist('not json')).toThrow(SyntaxError);
  });
});
