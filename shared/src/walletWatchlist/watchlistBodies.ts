// The door for the saved watchlist API's bodies (server/src/walletWatchlists, docs/
// architecture.md#the-wallets-watchlist-on-the-server): what the page sends is parsed here
// by the server, and what the server answers or streams is parsed here by the page. Both
// sides work with the types these schemas produce.
import * as v from 'valibot';
import { coinIdSchema } from '../market/coinId';
import { WATCHLIST_CAP } from '../wishlist/watchlistCap';

export { WATCHLIST_CAP };
/** Most changes one request may carry. */
export const MAX_CHANGES_PER_REQUEST = 1_000;
/** Longest token id accepted (the market's ids are a few dozen characters). */
export const MAX_TOKEN_ID_LENGTH = 200;
/** Longest holdings text accepted; the text is kept verbatim (docs/product.md#validation-rules). */
export const MAX_HOLDINGS_LENGTH = 100;
/**
 * How often the event stream sends a `heartbeat` event: proxies keep a quiet stream open
 * (nginx: 60 s, docs/deploying.md), and a page that hears nothing for 2.5 of these takes its
 * connection for dead and opens another (docs/architecture.md#the-wallets-watchlist-in-the-page).
 */
export const STREAM_HEARTBEAT_MS = 15_000;

/**
 * valibot's UUID_REGEX, written out: that constant would go into the first paint's copy of
 * valibot, which these bodies share (docs/architecture.md#the-wallets-watchlist-in-the-page).
 */
const UUID_PATTERN = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/iu;
/** A random UUID (a changeId, a deviceId). */
export const uuidSchema = (name: string) =>
  v.pipe(v.string(), v.regex(UUID_PATTERN, `${name} must be a UUID.`));
const tokenId = v.pipe(
  v.string('an id must be a string.'),
  v.maxLength(MAX_TOKEN_ID_LENGTH, `an id is at most ${MAX_TOKEN_ID_LENGTH} characters.`),
  coinIdSchema,
);
const holdings = v.pipe(
  v.string('holdings must be a string.'),
  v.maxLength(MAX_HOLDINGS_LENGTH, `holdings are at most ${MAX_HOLDINGS_LENGTH} characters.`),
);
const after = v.nullable(tokenId);
/** A list's version: 0 before its first change, one more per applied change. */
const version = v.pipe(
  v.number('a version must be a number.'),
  v.check((value: number) => Number.isSafeInteger(value), 'a version must be a whole number.'),
  v.minValue(0, 'a version is 0 or more.'),
);

export const CHANGE_KINDS = ['add', 'remove', 'holdings', 'move'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

const changeId = uuidSchema('changeId');
/** The four changes' fields. */
const add = { changeId, kind: v.literal('add'), id: tokenId, holdings, after };
const remove = { changeId, kind: v.literal('remove'), id: tokenId };
const holdingsChange = { changeId, kind: v.literal('holdings'), id: tokenId, holdings };
const move = { changeId, kind: v.literal('move'), id: tokenId, after };
const kindMessage = `kind must be one of ${CHANGE_KINDS.map((kind) => `'${kind}'`).join(', ')}.`;

/**
 * Any input whose kind is none of the four: refused as a variant on `kind` would refuse it
 * (the message, at `kind` when it is an object). Its output type is never: it never passes.
 */
const otherKind = v.pipe(
  v.object({ kind: v.custom<never>(() => false, kindMessage) }, kindMessage),
  v.transform(({ kind }) => kind),
);
const isChangeKind = (kind: unknown): kind is ChangeKind =>
  CHANGE_KINDS.some((known) => known === kind);
const kindOf = (input: unknown) =>
  typeof input === 'object' && input !== null && 'kind' in input ? input.kind : undefined;

/**
 * The schema of each kind, chosen by the input's kind. (valibot's `variant` does the same;
 * being the only user of it, these bodies would add it to the first paint's copy of valibot
 * while `lazy` costs a few bytes: bench/README.md#the-first-paint-budget.)
 */
const byKind = <TSchemas extends Record<ChangeKind, v.GenericSchema>>(schemas: TSchemas) =>
  v.lazy((input): TSchemas[ChangeKind] | typeof otherKind => {
    const kind = kindOf(input);
    return isChangeKind(kind) ? schemas[kind] : otherKind;
  });

/** One per-token edit the page made (docs/architecture.md#the-wallets-watchlist-on-the-server): nothing else in it. */
export const changeSchema = byKind({
  add: v.strictObject(add),
  remove: v.strictObject(remove),
  holdings: v.strictObject(holdingsChange),
  move: v.strictObject(move),
});
/** A change in an answer (a newer server may add fields: they are dropped). */
const answeredChangeSchema = byKind({
  add: v.object(add),
  remove: v.object(remove),
  holdings: v.object(holdingsChange),
  move: v.object(move),
});
export type Change = v.InferOutput<typeof changeSchema>;

/** POST /api/watchlist/changes. */
export const changeRequestSchema = v.strictObject({
  deviceId: uuidSchema('deviceId'),
  baseVersion: version,
  changes: v.pipe(
    v.array(changeSchema, 'changes must be a list.'),
    v.minLength(1, 'changes must hold at least one change.'),
    v.maxLength(
      MAX_CHANGES_PER_REQUEST,
      `changes holds at most ${MAX_CHANGES_PER_REQUEST.toLocaleString('en-US')} changes.`,
    ),
  ),
});
export type ChangeRequest = v.InferOutput<typeof changeRequestSchema>;

/** Another device's change that an applied change overrode (the later wins). */
export const crossedSchema = v.object({ kind: v.picklist(CHANGE_KINDS), deviceId: v.string() });
export type Crossed = v.InferOutput<typeof crossedSchema>;

/** A change as the server applied it, with the version it made. */
export const appliedChangeSchema = v.object({
  version,
  deviceId: v.string(),
  change: answeredChangeSchema,
  crossed: v.optional(crossedSchema),
});
export type AppliedChange = v.InferOutput<typeof appliedChangeSchema>;

/** The wallet's list: GET /api/watchlist, a snapshot. */
export const walletWatchlistSchema = v.object({
  version,
  tokens: v.array(v.object({ id: tokenId, holdings })),
});
export type WalletWatchlist = v.InferOutput<typeof walletWatchlistSchema>;

/** What became of one change of a request. */
export const changeResultSchema = v.object({
  changeId: v.string(),
  status: v.picklist(['applied', 'duplicate']),
  version,
  crossed: v.optional(crossedSchema),
});
export type ChangeResult = v.InferOutput<typeof changeResultSchema>;

/**
 * The answer to POST /api/watchlist/changes: `missed` (other devices' changes since the
 * request's baseVersion), or `snapshot` when the server's log no longer reaches back there.
 */
export const changesAnswerSchema = v.object({
  version,
  results: v.array(changeResultSchema),
  missed: v.optional(v.array(appliedChangeSchema)),
  snapshot: v.optional(walletWatchlistSchema),
});
export type ChangesAnswer = v.InferOutput<typeof changesAnswerSchema>;

/** The data of an `event: changes` of GET /api/watchlist/events. */
export const changesEventSchema = v.object({ version, changes: v.array(appliedChangeSchema) });
export type ChangesEvent = v.InferOutput<typeof changesEventSchema>;

/** The data of an `event: signed-out`: the stream ends after it. */
export const signedOutEventSchema = v.object({ reason: v.picklist(['signed_out', 'expired']) });
export type SignedOutEvent = v.InferOutput<typeof signedOutEventSchema>;

/** Every refusal of the API; `room` (how many more tokens fit) with 'watchlist_full'. */
export const watchlistErrorSchema = v.object({
  error: v.string(),
  message: v.string(),
  room: v.optional(v.number()),
});
export type WatchlistError = v.InferOutput<typeof watchlistErrorSchema>;
