/** Only finite values above zero count towards the total and the breakdown. */
export function countsTowardsTotal(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** A value's share of the total in percent, rounded to one decimal. */
export function shareOfTotal(value: number, total: number): number {
  return Math.round((value / total) * 1000) / 10;
}
