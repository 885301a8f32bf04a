// The import's texts that depend on counts (docs/product.md#export-and-import).
import { WATCHLIST_CAP } from '@token-portfolio/shared';
import type { ImportPlan } from './importPlan';

const count = (n: number) => n.toLocaleString('en-US');
const tokens = (n: number) => `${count(n)} ${n === 1 ? 'token' : 'tokens'}`;

/** Why a file that adds more than fits is refused, and how many fit. */
export function overCapMessage({ added, room }: ImportPlan): string {
  const fit =
    room === 0
      ? `the watchlist is full (${count(WATCHLIST_CAP)} tokens)`
      : `only ${count(room)} more ${room === 1 ? 'token fits' : 'tokens fit'} in the watchlist (${count(WATCHLIST_CAP)} at most)`;
  return `This file would add ${tokens(added.length)}, but ${fit}. Nothing was imported: remove tokens from the watchlist or lines from the file, then import it again.`;
}

/** The Undo notice after an import. */
export function importedMessage({ added, changed }: ImportPlan): string {
  const parts = [
    added.length > 0 && `${tokens(added.length)} added`,
    changed.length > 0 && `holdings set for ${tokens(changed.length)}`,
  ].filter(Boolean);
  return `Imported: ${parts.join(', ')}.`;
}
