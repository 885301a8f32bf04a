/**
 * A monthly call budget spread over the month: by any moment, the calls allowed so far are
 * a small head start plus the month's budget in proportion to the time gone by, so a busy
 * first day cannot spend what the last day needs. Months are calendar months in UTC.
 *
 * Pacing starts when the process starts (a restart mid-month cannot know what an earlier
 * process spent, so it allows only the rest of the month's share, plus the head start).
 */
export class MonthlyPacing {
  #monthStart = 0;
  #monthEnd = 0;
  #pacingFrom = 0;
  #used = 0;

  constructor(
    private readonly monthlyCalls: number,
    /** Calls allowed before any time has gone by (a restart's or a new month's head start). */
    private readonly headStart: number,
    now: number,
  ) {
    this.#startMonth(now);
    this.#pacingFrom = now;
  }

  #startMonth(now: number): void {
    const date = new Date(now);
    this.#monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    this.#monthEnd = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    this.#pacingFrom = this.#monthStart;
    this.#used = 0;
  }

  #roll(now: number): void {
    if (now >= this.#monthEnd) this.#startMonth(now);
  }

  /** Calls allowed from the start of pacing up to `now`. */
  allowance(now: number): number {
    this.#roll(now);
    const monthLength = this.#monthEnd - this.#monthStart;
    const earned = (this.monthlyCalls * (now - this.#pacingFrom)) / monthLength;
    return Math.min(this.monthlyCalls, this.headStart + earned);
  }

  used(now: number): number {
    this.#roll(now);
    return this.#used;
  }

  /** Milliseconds until one more call fits; 0 when it fits now. */
  waitMs(now: number): number {
    const needed = this.used(now) + 1;
    if (this.allowance(now) >= needed) return 0;
    if (needed > this.monthlyCalls) return this.#monthEnd - now;
    const monthLength = this.#monthEnd - this.#monthStart;
    const at = this.#pacingFrom + ((needed - this.headStart) * monthLength) / this.monthlyCalls;
    return Math.max(1, Math.ceil(Math.min(at, this.#monthEnd) - now));
  }

  record(now: number): void {
    this.#roll(now);
    this.#used += 1;
  }
}
