/** The watched ids of a saved list's `ids`: strings only, each once, in saved order. */
export function savedIdsOf(rawIds: readonly unknown[]): string[] {
  return [...new Set(rawIds.filter((id): id is string => typeof id === 'string'))];
}
