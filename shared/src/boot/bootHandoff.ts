import type { RuntimeConfig } from '../config';
import type { AnswerHeaders } from '../market/answerHeaders';
import { BOOT_HANDOFF_GLOBAL } from '../pageGlobals';

/**
 * What the host page's boot script (host/src/boot.ts, inline in the page) hands to the
 * code that arrives after it: the runtime config, and the market requests it sent for the
 * watched ids, by request URL. Absent on a page without the host (embedded, standalone).
 */
export interface BootHandoff {
  config: Promise<RuntimeConfig>;
  marketAnswers: Map<string, EarlyMarketRequest>;
  /**
   * The answer of the sign-in status request (AUTH_SESSION_PATH), sent with the prices so
   * the header's wallet button can show with them (ADR 0030); null where the config has no
   * sign-in (RuntimeConfig.signIn). Absent on older pages.
   */
  authSession?: Promise<Response | null>;
}

/** Where the composed server answers the sign-in status (remote-header/server, at the root). */
export const AUTH_SESSION_PATH = '/api/auth/session';

/**
 * Asks for the sign-in status where the config says the page has sign-in (null: it has
 * none). The composed server's config is in the page, so this leaves with the prices. A
 * failure is the header's to report, when it reads it.
 */
export function startEarlySessionRequest(config: Promise<RuntimeConfig>): Promise<Response | null> {
  const answer = config.then(
    ({ signIn }) => (signIn === true ? fetch(AUTH_SESSION_PATH) : null),
    () => null,
  );
  answer.catch(() => undefined); // handled: no unhandled rejection on a page without a header
  return answer;
}

/** A market request the boot script sent. */
export interface EarlyMarketRequest {
  /** The answer's JSON, unchecked, or a rejection. */
  answer: Promise<unknown>;
  /** Set by the boot script once the answer (or the failure) has come back. */
  settled: boolean;
  /** The headers that date the answer, set when it arrives (absent on older pages). */
  headers?: AnswerHeaders;
}

/** The one global the boot script sets (a plain property: the handoff crosses bundles). */
export interface BootGlobal {
  [BOOT_HANDOFF_GLOBAL]?: BootHandoff;
}

export function publishBootHandoff(handoff: BootHandoff): void {
  (globalThis as BootGlobal)[BOOT_HANDOFF_GLOBAL] = handoff;
}

export function bootHandoff(): BootHandoff | undefined {
  return (globalThis as BootGlobal)[BOOT_HANDOFF_GLOBAL];
}

/**
 * A request the boot script sent, once: the first fetch adopts its answer, any later one
 * (a refresh) asks the market again.
 *
 * Speed: the handoff protects the bench figures 'Time to portfolio visible, federated /
 * single bundle, cold, HTTP/2' (the prices leave with the page, not after its scripts) and
 * 'Market requests: loading 1,000 watched tokens' (no request twice). priceSagas.test.ts
 * ("the boot script's early request") checks that an answer is adopted once, without a
 * second request, and merged in the page's first task when it is already in.
 */
export function takeEarlyMarketAnswer(url: string): EarlyMarketRequest | undefined {
  const answers = bootHandoff()?.marketAnswers;
  const answer = answers?.get(url);
  answers?.delete(url);
  return answer;
}
