// What the server keeps of one wallet's watchlist, and how a request's changes apply to it
// (docs/architecture.md#the-wallets-watchlist-on-the-server). Pure: each store loads a
// state, applies here, and saves the result atomically.
import * as v from 'valibot';
import { applyChange, type Token } from '@token-portfolio/shared/list-changes';
import {
  CHANGE_KINDS,
  WATCHLIST_CAP,
  appliedChangeSchema,
  walletWatchlistSchema,
  type AppliedChange,
  type ChangeKind,
  type ChangeRequest,
  type ChangeResult,
  type Crossed,
  type WalletWatchlist,
} from '@token-portfolio/shared/watchlist-bodies';

/** Changes kept for catch-up (a page behind by more gets the whole list). */
export const LOG_LENGTH = 1_000;
/** How long a changeId is remembered, so that a retry applies nothing. */
export const SEEN_FOR_MS = 7 * 24 * 3_600_000;
/** Most changeIds remembered per wallet, the oldest forgotten first (bounds a wallet's size). */
export const MAX_SEEN = 10_000;
/** A list not read for this long is deleted (docs/security.md): 12 months. */
export const RETENTION_MS = 365 * 24 * 3_600_000;
/** A read is recorded when the last recorded one is older than this (not a write per GET). */
export const READ_MARK_EVERY_MS = 24 * 3_600_000;

/** The change that last touched a token id (kept for a removed id too: a tombstone). */
interface Touch {
  version: number;
  deviceId: string;
  kind: ChangeKind;
}

export interface WalletState {
  version: number;
  tokens: Token[];
  touched: Map<string, Touch>;
  /** The last LOG_LENGTH applied changes, oldest first. */
  log: AppliedChange[];
  /** changeId → the version it made and when (ms), oldest first. */
  seen: Map<string, { version: number; at: number }>;
  /** When the list was last read (ms since the epoch), to READ_MARK_EVERY_MS. */
  readAt: number;
}

export const emptyState = (now: number): WalletState => ({
  version: 0,
  tokens: [],
  touched: new Map(),
  log: [],
  seen: new Map(),
  readAt: now,
});

/** The list as GET /api/watchlist and a snapshot show it. */
export const watchlistOf = ({ version, tokens }: WalletState): WalletWatchlist => ({
  version,
  tokens,
});

// The stored form: JSON with entry lists for the maps. What a store gives back is checked
// like any input (a file edited by hand, another version of the server).
const storedSchema = v.object({
  ...walletWatchlistSchema.entries,
  touched: v.array(v.tuple([v.string(), v.number(), v.string(), v.picklist(CHANGE_KINDS)])),
  log: v.array(appliedChangeSchema),
  seen: v.array(v.tuple([v.string(), v.number(), v.number()])),
  readAt: v.number(),
});

export function serializeState(state: WalletState): string {
  return JSON.stringify({
    version: state.version,
    tokens: state.tokens,
    touched: [...state.touched].map(([id, t]) => [id, t.version, t.deviceId, t.kind]),
    log: state.log,
    seen: [...state.seen].map(([changeId, s]) => [changeId, s.version, s.at]),
    readAt: state.readAt,
  });
}

export class DamagedStateError extends Error {
  override readonly name = 'DamagedStateError';
}

/** The state a store kept; throws DamagedStateError when the text is not one. */
export function parseState(text: string): WalletState {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DamagedStateError('not JSON');
  }
  const parsed = v.safeParse(storedSchema, json);
  if (!parsed.success) throw new DamagedStateError('not a saved watchlist');
  const { touched, seen, ...rest } = parsed.output;
  return {
    ...rest,
    touched: new Map(
      touched.map(([id, version, deviceId, kind]) => [id, { version, deviceId, kind }]),
    ),
    seen: new Map(seen.map(([changeId, version, at]) => [changeId, { version, at }])),
  };
}

/**
 * The changes after `since`, or null when the log no longer reaches back there (or `since`
 * is ahead of the list: it was deleted and started again): the page then needs the list.
 */
export function changesSince(state: WalletState, since: number): AppliedChange[] | null {
  if (since > state.version) return null;
  if (since === state.version) return [];
  const oldest = state.log[0]?.version;
  if (oldest === undefined || oldest > since + 1) return null;
  return state.log.filter((change) => change.version > since);
}

/** The state with this read recorded, or null when the recorded one is recent enough. */
export function markRead(state: WalletState, now: number): WalletState | null {
  return now - state.readAt >= READ_MARK_EVERY_MS ? { ...state, readAt: now } : null;
}

export type ApplyOutcome =
  | { kind: 'full'; room: number }
  | { kind: 'applied'; state: WalletState; results: ChangeResult[]; applied: AppliedChange[] };

/**
 * Applies a request's changes in order, each once (a known changeId answers its earlier
 * result), the later winning; a change over another device's change made after the
 * request's baseVersion is marked `crossed`. All or nothing: a request that would leave more
 * than WATCHLIST_CAP tokens applies nothing and says how many of its additions fit.
 */
export function applyChanges(
  state: WalletState,
  request: ChangeRequest,
  now: number,
): ApplyOutcome {
  const { deviceId, baseVersion } = request;
  const tokens = [...state.tokens];
  const touched = new Map(state.touched);
  const log = [...state.log];
  const seen = new Map([...state.seen].filter(([, { at }]) => now - at < SEEN_FOR_MS));
  let version = state.version;
  const results: ChangeResult[] = [];
  const applied: AppliedChange[] = [];

  for (const change of request.changes) {
    const known = seen.get(change.changeId);
    if (known) {
      const earlier = log.find((entry) => entry.version === known.version);
      results.push(result(change.changeId, 'duplicate', known.version, earlier?.crossed));
      continue;
    }
    version += 1;
    const last = touched.get(change.id);
    const crossed: Crossed | undefined =
      last && last.version > baseVersion && last.deviceId !== deviceId
        ? { kind: last.kind, deviceId: last.deviceId }
        : undefined;
    applyChange(tokens, change);
    touched.set(change.id, { version, deviceId, kind: change.kind });
    const entry: AppliedChange = { version, deviceId, change, ...(crossed && { crossed }) };
    log.push(entry);
    applied.push(entry);
    seen.set(change.changeId, { version, at: now });
    results.push(result(change.changeId, 'applied', version, crossed));
  }

  if (tokens.length > WATCHLIST_CAP) {
    const before = new Set(state.tokens.map((t) => t.id));
    const added = tokens.filter((t) => !before.has(t.id)).length;
    return { kind: 'full', room: Math.max(0, WATCHLIST_CAP - (tokens.length - added)) };
  }
  const kept = log.slice(-LOG_LENGTH);
  const oldest = kept[0]?.version ?? version + 1;
  const listed = new Set(tokens.map((t) => t.id));
  // A removed id's tombstone is kept while the log still covers its change.
  for (const [id, touch] of touched) {
    if (!listed.has(id) && touch.version < oldest) touched.delete(id);
  }
  while (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value as string);
  return {
    kind: 'applied',
    state: { version, tokens, touched, log: kept, seen, readAt: now },
    results,
    applied,
  };
}

const result = (
  changeId: string,
  status: ChangeResult['status'],
  version: number,
  crossed: Crossed | undefined,
): ChangeResult => ({ changeId, status, version, ...(crossed && { crossed }) });
