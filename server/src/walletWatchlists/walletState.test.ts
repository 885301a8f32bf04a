import { randomUUID } from 'node:crypto';
import type { Change, ChangeRequest } from '@token-portfolio/shared/watchlist-bodies';
import {
  LOG_LENGTH,
  SEEN_FOR_MS,
  applyChanges,
  changesSince,
  emptyState,
  parseState,
  serializeState,
  type WalletState,
} from './walletState';

const laptop = randomUUID();
const phone = randomUUID();
const now = Date.parse('2026-11-27T12:00:00Z');

type Edit =
  | { kind: 'add'; id: string; holdings?: string; after?: string | null }
  | { kind: 'remove'; id: string }
  | { kind: 'holdings'; id: string; holdings: string }
  | { kind: 'move'; id: string; after: string | null };

const change = (edit: Edit): Change => {
  const changeId = randomUUID();
  switch (edit.kind) {
    case 'add':
      return {
        changeId,
        kind: 'add',
        id: edit.id,
        holdings: edit.holdings ?? '0',
        after: edit.after ?? null,
      };
    case 'remove':
      return { changeId, ...edit };
    case 'holdings':
      return { changeId, ...edit };
    case 'move':
      return { changeId, ...edit };
  }
};

const request = (deviceId: string, baseVersion: number, changes: Change[]): ChangeRequest => ({
  deviceId,
  baseVersion,
  changes,
});

/** Applies and expects it applied; answers the new state and the results. */
function apply(
  state: WalletState,
  deviceId: string,
  baseVersion: number,
  ...edits: (Edit | Change)[]
) {
  const outcome = applyChanges(
    state,
    request(
      deviceId,
      baseVersion,
      edits.map((e) => ('changeId' in e ? e : change(e))),
    ),
    now,
  );
  if (outcome.kind !== 'applied') throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome;
}

const listOf = (state: WalletState) => state.tokens.map((t) => `${t.id}:${t.holdings}`);

/** A list of these ids (holdings '1'), made by the laptop. */
const withTokens = (...ids: string[]) =>
  apply(
    emptyState(now),
    laptop,
    0,
    ...ids.map((id, i): Edit => ({ kind: 'add', id, holdings: '1', after: ids[i - 1] ?? null })),
  ).state;

describe('each change on the list', () => {
  it('adds after the token named, first for null, at the end when that one is gone', () => {
    let state = withTokens('bitcoin', 'ethereum');
    state = apply(state, laptop, 2, { kind: 'add', id: 'solana', after: 'bitcoin' }).state;
    state = apply(state, laptop, 3, { kind: 'add', id: 'tether', after: null }).state;
    state = apply(state, laptop, 4, {
      kind: 'add',
      id: 'dogecoin',
      after: 'removed-meanwhile',
    }).state;
    expect(state.tokens.map((t) => t.id)).toEqual([
      'tether',
      'bitcoin',
      'solana',
      'ethereum',
      'dogecoin',
    ]);
  });

  it('an add of a token already there sets its holdings and moves it', () => {
    const state = apply(withTokens('bitcoin', 'ethereum', 'solana'), laptop, 3, {
      kind: 'add',
      id: 'bitcoin',
      holdings: '2.5',
      after: 'solana',
    }).state;
    expect(listOf(state)).toEqual(['ethereum:1', 'solana:1', 'bitcoin:2.5']);
  });

  it('holdings of a token no longer there bring it back at the end; a remove of one not there changes nothing', () => {
    let state = withTokens('bitcoin', 'ethereum');
    state = apply(state, laptop, 2, { kind: 'remove', id: 'bitcoin' }).state;
    state = apply(state, laptop, 3, { kind: 'remove', id: 'bitcoin' }).state;
    expect(state.version).toBe(4);
    state = apply(state, laptop, 4, { kind: 'holdings', id: 'bitcoin', holdings: '0.1' }).state;
    expect(listOf(state)).toEqual(['ethereum:1', 'bitcoin:0.1']);
  });

  it('a move reorders; a move of a token not there changes nothing but gets its version', () => {
    let state = withTokens('bitcoin', 'ethereum', 'solana');
    state = apply(state, laptop, 3, { kind: 'move', id: 'solana', after: null }).state;
    expect(state.tokens.map((t) => t.id)).toEqual(['solana', 'bitcoin', 'ethereum']);
    const moved = apply(state, laptop, 4, { kind: 'move', id: 'tether', after: 'bitcoin' });
    expect(moved.state.tokens).toEqual(state.tokens);
    expect(moved.results[0]).toMatchObject({ status: 'applied', version: 5 });
  });
});

describe('idempotency', () => {
  it('a retried changeId answers its earlier result and applies nothing again', () => {
    const state = withTokens('bitcoin');
    const holdings = change({ kind: 'holdings', id: 'bitcoin', holdings: '3' });
    const first = apply(state, phone, 1, holdings);
    const later = apply(first.state, laptop, 2, { kind: 'holdings', id: 'bitcoin', holdings: '4' });
    const retry = apply(later.state, phone, 1, holdings);
    expect(retry.results).toEqual([
      { changeId: holdings.changeId, status: 'duplicate', version: 2 },
    ]);
    expect(retry.applied).toEqual([]);
    expect(listOf(retry.state)).toEqual(['bitcoin:4']);
    expect(retry.state.version).toBe(3);
  });

  it('a changeId twice in one request applies once', () => {
    const add = change({ kind: 'add', id: 'bitcoin', holdings: '1' });
    const { results, state } = apply(emptyState(now), laptop, 0, add, add);
    expect(results.map((r) => r.status)).toEqual(['applied', 'duplicate']);
    expect(state.version).toBe(1);
  });

  it('forgets changeIds after 7 days', () => {
    const add = change({ kind: 'add', id: 'bitcoin' });
    const { state } = apply(emptyState(now), laptop, 0, add);
    const outcome = applyChanges(
      state,
      request(laptop, 1, [change({ kind: 'add', id: 'x' })]),
      now + SEEN_FOR_MS,
    );
    expect(outcome.kind === 'applied' && outcome.state.seen.has(add.changeId)).toBe(false);
  });
});

describe('conflicts: the later wins, and crossings are marked', () => {
  it("an edit over another device's removal brings the token back, marked", () => {
    const state = withTokens('bitcoin', 'ethereum'); // version 2, both devices saw it
    const removed = apply(state, laptop, 2, { kind: 'remove', id: 'bitcoin' }).state;
    const edited = apply(removed, phone, 2, { kind: 'holdings', id: 'bitcoin', holdings: '7' });
    expect(edited.results[0]?.crossed).toEqual({ kind: 'remove', deviceId: laptop });
    expect(edited.applied[0]?.crossed).toEqual({ kind: 'remove', deviceId: laptop });
    expect(listOf(edited.state)).toEqual(['ethereum:1', 'bitcoin:7']);
  });

  it("a removal over another device's edit removes it, marked", () => {
    const state = withTokens('bitcoin');
    const edited = apply(state, phone, 1, { kind: 'holdings', id: 'bitcoin', holdings: '7' }).state;
    const removed = apply(edited, laptop, 1, { kind: 'remove', id: 'bitcoin' });
    expect(removed.results[0]?.crossed).toEqual({ kind: 'holdings', deviceId: phone });
    expect(removed.state.tokens).toEqual([]);
  });

  it('no mark when the page had seen that change, or when the change was its own', () => {
    const state = withTokens('bitcoin');
    const edited = apply(state, phone, 1, { kind: 'holdings', id: 'bitcoin', holdings: '7' }).state;
    expect(
      apply(edited, laptop, 2, { kind: 'remove', id: 'bitcoin' }).results[0]?.crossed,
    ).toBeUndefined();
    expect(
      apply(edited, phone, 1, { kind: 'remove', id: 'bitcoin' }).results[0]?.crossed,
    ).toBeUndefined();
  });

  it('different tokens edited on two devices both stay', () => {
    const state = withTokens('bitcoin', 'ethereum');
    const a = apply(state, laptop, 2, { kind: 'holdings', id: 'bitcoin', holdings: '5' }).state;
    const b = apply(a, phone, 2, { kind: 'holdings', id: 'ethereum', holdings: '6' });
    expect(b.results[0]?.crossed).toBeUndefined();
    expect(listOf(b.state)).toEqual(['bitcoin:5', 'ethereum:6']);
  });
});

describe('the 1,000-token cap', () => {
  const ids = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

  it('refuses a request that would pass it, applying nothing, and says how many fit', () => {
    const state = withTokens(...ids(995, 'coin'));
    const adds = ids(10, 'new').map((id) => change({ kind: 'add', id }));
    expect(applyChanges(state, request(laptop, 995, adds), now)).toEqual({ kind: 'full', room: 5 });
  });

  it("counts the request's own removals", () => {
    const state = withTokens(...ids(1000, 'coin'));
    const edits = [
      change({ kind: 'remove', id: 'coin-0' }),
      change({ kind: 'remove', id: 'coin-1' }),
      ...ids(3, 'new').map((id) => change({ kind: 'add', id })),
    ];
    expect(applyChanges(state, request(laptop, 1000, edits), now)).toEqual({
      kind: 'full',
      room: 2,
    });
    expect(applyChanges(state, request(laptop, 1000, edits.slice(0, 4)), now).kind).toBe('applied');
  });
});

describe('catch-up', () => {
  it('gives the changes after a version while the log covers it, else null', () => {
    let state = withTokens('bitcoin'); // version 1
    for (let i = 0; i < LOG_LENGTH + 5; i += 1) {
      state = apply(state, phone, state.version, {
        kind: 'holdings',
        id: 'bitcoin',
        holdings: String(i),
      }).state;
    }
    expect(state.log).toHaveLength(LOG_LENGTH);
    expect(changesSince(state, state.version)).toEqual([]);
    expect(changesSince(state, state.version - 3)?.map((c) => c.version)).toEqual([
      state.version - 2,
      state.version - 1,
      state.version,
    ]);
    expect(changesSince(state, state.version - LOG_LENGTH)).toHaveLength(LOG_LENGTH);
    expect(changesSince(state, state.version - LOG_LENGTH - 1)).toBeNull();
    expect(changesSince(state, state.version + 1)).toBeNull();
  });

  it("keeps a removed token's tombstone only while the log covers its removal", () => {
    let state = withTokens('bitcoin', 'ethereum');
    state = apply(state, laptop, 2, { kind: 'remove', id: 'ethereum' }).state;
    expect(state.touched.has('ethereum')).toBe(true);
    for (let i = 0; i < LOG_LENGTH; i += 1) {
      state = apply(state, phone, state.version, {
        kind: 'holdings',
        id: 'bitcoin',
        holdings: String(i),
      }).state;
    }
    expect(state.touched.has('ethereum')).toBe(false);
    expect(state.touched.has('bitcoin')).toBe(true);
  });
});

test('the stored form reads back as the state it was', () => {
  const { state } = apply(withTokens('bitcoin', 'ethereum'), phone, 1, {
    kind: 'remove',
    id: 'bitcoin',
  });
  expect(parseState(serializeState(state))).toEqual(state);
  expect(() => parseState('{"version":"2"}')).toThrow('not a saved watchlist');
  expect(() => parseState('{"vers')).toThrow('not JSON');
});
