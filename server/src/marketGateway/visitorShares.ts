import { ClientRateLimiter } from '@token-portfolio/shared/server/clientRateLimiter';
import { MonthlyPacing } from './monthlyPacing';
import type { MarketGatewaySettings } from './settings';
import type { CallKind } from './upstreamBudget';

/** What a visitor's request makes the gateway ask upstream for. */
export type VisitorCall = 'prices' | 'search' | 'page';

/** Visitors whose monthly share is remembered at once; the least recently seen go first. */
const MAX_VISITORS = 10_000;

type ShareSettings = Pick<
  MarketGatewaySettings,
  | 'monthlyCalls'
  | 'pricesReservedShare'
  | 'clientShare'
  | 'searchesPerClientPerMinute'
  | 'pagesPerClientPerMinute'
  | 'priceCallsPerClientPerMinute'
>;

/**
 * A visitor's monthly share of each kind: `clientShare` of the kind's calls, and a head start
 * of its share of the budget's (1% of the month, UpstreamBudget), but never less than one
 * minute's worth of its requests.
 */
export function visitorMonthShares(settings: ShareSettings) {
  const otherShare = 1 - settings.pricesReservedShare;
  const month = (calls: number, minute: number) => ({
    calls: calls * settings.clientShare,
    headStart: Math.max(minute, (calls / 100) * settings.clientShare),
  });
  return {
    prices: month(settings.monthlyCalls, settings.priceCallsPerClientPerMinute),
    other: month(
      settings.monthlyCalls * otherShare,
      Math.max(settings.searchesPerClientPerMinute, settings.pagesPerClientPerMinute),
    ),
  } satisfies Record<CallKind, { calls: number; headStart: number }>;
}

/**
 * Each visitor's fair share of the upstream budget, for every request that costs an
 * upstream call: a number of calls in any minute per kind of request, and a share
 * (clientShare) of the budget's monthly pace for its kind, with its own small head start.
 * However long one visitor keeps asking, it spends at most that share: the rest of the
 * budget, and its reserve for watched-coin prices, stays for everyone else.
 */
export class VisitorShares {
  readonly #perMinute: Record<VisitorCall, ClientRateLimiter>;
  readonly #monthly = new Map<string, Record<CallKind, MonthlyPacing>>();
  readonly #month: ReturnType<typeof visitorMonthShares>;

  constructor(settings: ShareSettings) {
    this.#perMinute = {
      prices: new ClientRateLimiter(settings.priceCallsPerClientPerMinute),
      search: new ClientRateLimiter(settings.searchesPerClientPerMinute),
      page: new ClientRateLimiter(settings.pagesPerClientPerMinute),
    };
    this.#month = visitorMonthShares(settings);
  }

  /**
   * Counts one upstream call for the visitor: null when it is within its share, else the
   * ms until it would be (nothing counted).
   */
  take(visitor: string, call: VisitorCall): number | null {
    const now = Date.now();
    const pacing = this.#pacingOf(visitor, now)[call === 'prices' ? 'prices' : 'other'];
    const minuteWaitMs = this.#perMinute[call].waitMs(visitor);
    const monthWaitMs = pacing.waitMs(now);
    if (minuteWaitMs !== null || monthWaitMs > 0) return Math.max(minuteWaitMs ?? 0, monthWaitMs);
    this.#perMinute[call].take(visitor);
    pacing.record(now);
    return null;
  }

  #pacingOf(visitor: string, now: number): Record<CallKind, MonthlyPacing> {
    let pacing = this.#monthly.get(visitor);
    this.#monthly.delete(visitor); // re-inserted below: the Map's order is the order of use
    if (!pacing) {
      const start = (kind: CallKind) =>
        new MonthlyPacing(this.#month[kind].calls, this.#month[kind].headStart, now);
      pacing = { prices: start('prices'), other: start('other') };
    }
    this.#monthly.set(visitor, pacing);
    if (this.#monthly.size > MAX_VISITORS) {
      const [leastRecent] = this.#monthly.keys();
      if (leastRecent !== undefined) this.#monthly.delete(leastRecent);
    }
    return pacing;
  }
}
