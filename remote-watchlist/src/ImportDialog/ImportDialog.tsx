import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  button,
  formatHoldings,
  insetFocusRing,
  primaryButton,
  ReviewDialog,
  reviewBody,
  reviewFooter,
  reviewForm,
  reviewMessage,
  selectWishlist,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  visuallyHidden,
  type UnknownAction,
} from '@token-portfolio/shared';
import { sameAmount } from '../exportImport/decimalText';
import { readWatchlistFile, type LineToken } from '../exportImport/importFile';
import { canApply, importActions, importPlan, type PlannedToken } from '../exportImport/importPlan';
import { importedMessage, overCapMessage } from '../exportImport/messages';
import { MAX_IMPORT_BYTES } from '../exportImport/watchlistFile';
import * as styles from './styles';

/** What an import applied: the watchlist offers to take it back for a few seconds. */
export interface AppliedImport {
  message: string;
  undo: UnknownAction;
}

type Reading =
  | { kind: 'reading' }
  | { kind: 'refused'; problems: string[] }
  | { kind: 'read'; tokens: LineToken[] };

export const TOO_LARGE =
  'This file is larger than 1 MB, so it was not read. Import takes files of up to 1 MB.';
const UNREADABLE = 'The file could not be read. Choose it again, or another file.';
/** Past these, '… and N more lines with problems.' */
const PROBLEMS_SHOWN = 10;

/** Reads the file once chosen; a file over 1 MB is refused before it is read. */
function useReadFile(file: File): Reading {
  const tooLarge = file.size > MAX_IMPORT_BYTES;
  const [reading, setReading] = useState<Reading>(
    tooLarge ? { kind: 'refused', problems: [TOO_LARGE] } : { kind: 'reading' },
  );
  useEffect(() => {
    if (tooLarge) return;
    let current = true;
    file.text().then(
      (text) => {
        if (!current) return;
        const read = readWatchlistFile(text);
        setReading(
          read.ok
            ? { kind: 'read', tokens: read.tokens }
            : { kind: 'refused', problems: read.problems },
        );
      },
      () => current && setReading({ kind: 'refused', problems: [UNREADABLE] }),
    );
    return () => {
      current = false;
    };
  }, [file, tooLarge]);
  return reading;
}

/** Tokens to add show the file's holdings, unchanged ones the watchlist's, changes both. */
function Section({ title, tokens }: { title: string; tokens: PlannedToken[] }) {
  if (tokens.length === 0) return null;
  return (
    <section css={styles.section} aria-label={`${title} (${tokens.length})`}>
      <h3>
        {title} ({tokens.length})
      </h3>
      <ul>
        {tokens.map(({ id, label, holdings, before }) => (
          <li key={id} css={styles.row}>
            <span css={styles.label}>{label}</span>
            <span css={styles.amounts}>
              {before !== undefined && !sameAmount(before, holdings) ? (
                <>
                  <span css={styles.before}>{formatHoldings(before)}</span>
                  <span aria-hidden="true"> → </span>
                  <span css={visuallyHidden}> becomes </span>
                  {formatHoldings(holdings)}
                </>
              ) : (
                formatHoldings(before ?? holdings)
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ImportDialogProps {
  file: File;
  onClose: () => void;
  onImported: (applied: AppliedImport) => void;
}

/**
 * 'Import watchlist': what importing the chosen file would change, as the watchlist is
 * now (prices or edits arriving meanwhile are taken into account); 'Import' applies it,
 * Cancel changes nothing (docs/product.md#export-and-import).
 */
export default function ImportDialog({ file, onClose, onImported }: ImportDialogProps) {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const wishlist = useAppSelector(selectWishlist);
  const reading = useReadFile(file);

  const tokens = reading.kind === 'read' ? reading.tokens : null;
  const plan = useMemo(() => tokens && importPlan(wishlist, tokens), [tokens, wishlist]);
  const applicable = plan !== null && canApply(plan);
  const overCap = plan !== null && plan.added.length > plan.room;

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!tokens) return;
    // The watchlist as it is at this moment decides, as the preview showed it.
    const now = importPlan(store.getState().wishlist, tokens);
    if (!canApply(now)) return;
    const { apply: applyAction, undo } = importActions(now);
    dispatch(applyAction);
    onImported({ message: importedMessage(now), undo });
    onClose();
  }

  return (
    <ReviewDialog
      title="Import watchlist"
      intro={`${file.name}: tokens not in the watchlist are added, and the file's holdings replace those of the tokens it has. Nothing is removed.`}
      onClose={onClose}
    >
      <form css={reviewForm} onSubmit={apply}>
        {/* A long list scrolls: the keyboard can reach it to scroll it. */}
        <div
          css={[reviewBody, insetFocusRing]}
          tabIndex={plan ? 0 : undefined}
          role={plan ? 'region' : undefined}
          aria-label={plan ? 'What the file changes' : undefined}
        >
          {reading.kind === 'reading' && (
            <p css={reviewMessage} role="status">
              Reading the file…
            </p>
          )}
          {reading.kind === 'refused' && (
            <div css={styles.refusal} role="alert">
              <p>This file cannot be imported, so nothing was changed.</p>
              <ul>
                {reading.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                  <li key={`${index}:${problem}`}>{problem}</li>
                ))}
              </ul>
              {reading.problems.length > PROBLEMS_SHOWN && (
                <p>… and {reading.problems.length - PROBLEMS_SHOWN} more.</p>
              )}
            </div>
          )}
          {plan && overCap && (
            <div css={styles.refusal} role="alert">
              <p>{overCapMessage(plan)}</p>
            </div>
          )}
          {plan && !overCap && !applicable && (
            <p css={reviewMessage} role="status">
              {tokens?.length === 0
                ? 'The file lists no tokens.'
                : 'Nothing to change: the watchlist has every token of this file, with these holdings.'}
            </p>
          )}
          {plan && (
            <>
              <Section title="To add" tokens={plan.added} />
              <Section title="Holdings to change" tokens={plan.changed} />
              <Section title="Unchanged" tokens={plan.unchanged} />
            </>
          )}
        </div>
        <div css={reviewFooter}>
          <button type="button" css={button} onClick={onClose}>
            {applicable ? 'Cancel' : 'Close'}
          </button>
          {reading.kind !== 'refused' && (
            <button type="submit" css={primaryButton} disabled={!applicable}>
              Import
            </button>
          )}
        </div>
      </form>
    </ReviewDialog>
  );
}
