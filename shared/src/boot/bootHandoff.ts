import type { RuntimeConfig } from '../config';

/**
 * What the host page's boot script (host/src/boot.ts, inline in the page) hands to the
 * code that arrives after it: the runtime config, and the market requests it sent for the
 * watched ids, by request URL. Absent on a page without the host (embedded, standalone).
 */
export interface BootHandoff {
  config: Promise<RuntimeConfig>;
  marketAnswers: Map<string, Promise<unknown>>;
}

/** The one global the boot script sets (a plain property: the handoff crosses bundles). */
export interface BootGlobal {
  tokenPortfolioBoot?: BootHandoff;
}

export function publishBootHandoff(handoff: BootHandoff): void {
  (globalThis as BootGlobal).tokenPortfolioBoot = handoff;
}

export function bootHandoff(): BootHandoff | undefined {
  return (globalThis as BootGlobal).tokenPortfolioBoot;
}

/**
 * The answer of a request the boot script sent, once: the first fetch adopts it, any
 * later one (a refresh) asks the market again.
 */
export function takeEarlyMarketAnswer(url: string): Promise<unknown> | undefined {
  const answers = bootHandoff()?.marketAnswers;
  const answer = answers?.get(url);
  answers?.delete(url);
  return answer;
}
