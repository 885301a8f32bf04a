// "This upstream call has answered": published by the server that made it, heard by the
// servers waiting for the same data (Redis publish/subscribe on a connection of its own).
import * as v from 'valibot';
import { BudgetExhaustedError } from '../marketGateway/upstreamBudget';
import { UpstreamError } from '../marketGateway/upstreamClient';
import { KEY_PREFIX, type SharedRedis } from './sharedRedis';

const CHANNEL = `${KEY_PREFIX}market-calls`;

const upstreamFailureSchema = v.variant('kind', [
  v.object({ kind: v.literal('rateLimited'), retryAfterMs: v.nullable(v.number()) }),
  v.object({ kind: v.literal('status'), status: v.number() }),
  v.object({ kind: v.picklist(['timeout', 'unreachable', 'badAnswer']) }),
]);
const budgetReasonSchema = v.picklist(['minute', 'month', 'rateLimited', 'failing', 'shared']);

/** Why a call failed, as the waiting servers rebuild it (never a message, so never a key). */
const failureSchema = v.union([
  v.object({ budget: budgetReasonSchema, ms: v.number() }),
  v.object({ upstream: upstreamFailureSchema, route: v.string() }),
  v.object({ other: v.literal(true) }),
]);
type Failure = v.InferOutput<typeof failureSchema>;

// What another server wrote is checked like any input.
const noticeSchema = v.object({
  server: v.string(),
  keys: v.array(v.string()),
  failure: v.nullable(failureSchema),
});

export function failureOf(error: unknown): Failure {
  if (error instanceof BudgetExhaustedError)
    return { budget: error.reason, ms: error.retryAfterMs };
  if (error instanceof UpstreamError) return { upstream: error.failure, route: error.route };
  return { other: true };
}

/** The error a failure stands for, as the gateway turns it into an answer. */
export function errorOf(failure: Failure): Error {
  if ('budget' in failure) return new BudgetExhaustedError(failure.budget, failure.ms);
  if ('upstream' in failure) return new UpstreamError(failure.upstream, failure.route);
  return new Error('The market data provider could not be asked');
}

export type NoticeListener = (keys: string[], failure: Error | null) => void;

/**
 * The servers' notices of answered calls, keyed as the market store keys their data. A
 * server hears the others' notices, not its own.
 */
export class CallNotices {
  readonly #listeners = new Set<NoticeListener>();

  constructor(private readonly redis: SharedRedis) {
    const subscriber = redis.subscriber();
    void subscriber.subscribe(CHANNEL).catch(() => {}); // ioredis subscribes again on reconnect
    subscriber.on('message', (_channel: string, text: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      const notice = v.safeParse(noticeSchema, parsed);
      if (!notice.success || notice.output.server === redis.serverId) return;
      const { keys, failure } = notice.output;
      const error = failure === null ? null : errorOf(failure);
      for (const listener of this.#listeners) listener(keys, error);
    });
  }

  listen(listener: NoticeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells the other servers these keys' call answered (failure null) or failed. */
  async publish(keys: string[], error: unknown): Promise<void> {
    const failure = error === null ? null : failureOf(error);
    const notice = { server: this.redis.serverId, keys, failure };
    await this.redis.client.publish(CHANNEL, JSON.stringify(notice)).catch(() => 0);
  }
}
