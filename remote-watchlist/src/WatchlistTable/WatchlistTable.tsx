import { useCallback, useLayoutEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { css } from '@emotion/react';
import {
  UndoNotice,
  button,
  entryRestored,
  formatLastUpdated,
  insetFocusRing,
  pricesRequested,
  removeId,
  removedEntryOf,
  selectStaleSince,
  selectWatchedIds,
  selectWatchedPricesError,
  selectWatchedPricesRetrying,
  selectWatchedPricesStatus,
  theme,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  visuallyHidden,
  type RemovedEntry,
} from '@token-portfolio/shared';
import { PagingFooter } from '../PagingFooter/PagingFooter';
import { cards } from './cards';
import { WatchlistRow } from '../WatchlistRow/WatchlistRow';
import {
  ACTIONS_WIDTH,
  COLUMNS,
  TABLE_MIN_WIDTH,
  WATCHLIST_CONTAINER,
  asCards,
  cell,
  tableBar,
} from '../styles/table';
import { noRowUi, rowUiReducer } from './rowUi';
import { pageWindow, TABLE_PAGE_SIZE } from '../paging/pageWindow';

const frame = css`
  container: ${WATCHLIST_CONTAINER} / inline-size;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  overflow: hidden;
`;

// Narrow screens scroll the table inside this box; inline-size containment keeps the
// table's width from widening the page, and position keeps visually hidden text inside.
const scroller = css`
  position: relative;
  overflow-x: auto;
  contain: inline-size;
  ${insetFocusRing};
`;

const table = css`
  width: 100%;
  min-width: ${TABLE_MIN_WIDTH}px;
  table-layout: fixed;
  border-collapse: collapse;
  font-size: 14px;
  th[scope='col'] {
    height: 48px;
    padding: 0 16px;
    background: ${theme.color.surfaceSunken};
    color: ${theme.color.textMuted};
    font-weight: 500;
    text-align: left;
    white-space: nowrap;
  }
  th[scope='col'][data-numeric] {
    text-align: right;
  }
  ${theme.narrow} {
    th[scope='col'] {
      padding: 0 12px;
    }
  }
  ${asCards} {
    min-width: 0;
    ${cards};
  }
`;

const empty = css`
  ${cell};
  height: 160px;
  color: ${theme.color.textMuted};
  text-align: center;
  white-space: normal;
`;

const notice = css`
  ${tableBar};
  padding: 10px 16px;
  border-bottom: 1px solid ${theme.color.border};
`;

/** Each row's actions button: where focus goes when a row is removed. */
const ROW_ACTIONS = 'button[aria-haspopup="menu"]';

/**
 * The rows removed while one Undo offer stands, oldest first, and the names they showed.
 * A Remove made while it stands joins it, so Undo brings back every row it names.
 * (The notice sits after the rows in the tab order, and the polite region names it.)
 */
interface RemovalOffer {
  key: number;
  removed: { entry: RemovedEntry; name: string }[];
}
let offers = 0;

const removedMessage = ({ removed }: RemovalOffer) =>
  removed.length === 1
    ? `${removed[0]?.name ?? ''} removed from the watchlist.`
    : `${removed.length} tokens removed from the watchlist.`;

interface WatchlistTableProps {
  /** Where focus goes when the last row is removed (the Add Token button). */
  focusWhenEmpty?: RefObject<HTMLElement | null>;
}

/** The watched tokens, 6 a page. Paging is local: changing page touches no other widget. */
export function WatchlistTable({ focusWhenEmpty }: WatchlistTableProps) {
  const ids = useAppSelector(selectWatchedIds);
  const pricesFailed = useAppSelector(selectWatchedPricesStatus) === 'failed';
  const pricesError = useAppSelector(selectWatchedPricesError);
  // Said as soon as an attempt fails, not only when every retry has (beyond the spec, docs/product.md).
  const pricesRetrying = useAppSelector(selectWatchedPricesRetrying);
  const pricesNotCurrent = pricesFailed || pricesRetrying;
  // Prices the gateway kept because the market could not be asked (beyond the spec,
  // docs/product.md#errors-and-empty-states): said with their own time.
  const staleSince = useAppSelector(selectStaleSince);
  const pricesMessage = pricesNotCurrent
    ? ['Prices could not be updated.', pricesError, pricesRetrying && 'Trying again…']
        .filter(Boolean)
        .join(' ')
    : staleSince !== null
      ? `Prices could not be updated. Showing prices from ${formatLastUpdated(staleSince)}.`
      : null;
  const dispatch = useAppDispatch();
  const [requestedPage, setRequestedPage] = useState(1);
  const [rowUi, onRowUi] = useReducer(rowUiReducer, noRowUi);
  const [announcement, setAnnouncement] = useState('');
  const tbodyRef = useRef<HTMLTableSectionElement>(null);

  const view = pageWindow(ids.length, requestedPage);
  // Clamp the kept page too, so a list that grows again does not jump back.
  if (view.page !== requestedPage) setRequestedPage(view.page);

  // Where the removed row was in the whole list. After a Remove, focus goes to the row that took its place (the next one), else the
  // one before it on the page, else Add Token: never to the page's body.
  const removedAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (removedAt.current === null) return;
    const rows = tbodyRef.current?.querySelectorAll<HTMLElement>(ROW_ACTIONS) ?? [];
    // The index on the page now: past its end when the page itself went away (clamped).
    const onPage = Math.max(0, removedAt.current - view.start);
    const target = rows[Math.min(onPage, rows.length - 1)] ?? focusWhenEmpty?.current;
    removedAt.current = null;
    target?.focus();
  });

  // Remove is final in the spec; here it offers Undo for a few seconds (beyond the spec, docs/product.md), which puts
  // the rows back in their places with their holdings. The notice announces itself.
  const store = useAppStore();
  const [offer, setOffer] = useState<RemovalOffer | null>(null);
  const remove = useCallback(
    (id: string, name: string) => {
      const entry = removedEntryOf(store.getState().wishlist, id);
      if (!entry) return;
      removedAt.current = entry.index;
      dispatch(removeId(id));
      onRowUi({ type: 'rowRemoved', id });
      // A fresh few seconds for each Remove (a new key restarts the notice's time).
      offers += 1;
      const key = offers;
      setOffer((standing) => ({ key, removed: [...(standing?.removed ?? []), { entry, name }] }));
      setAnnouncement(`${name} removed from the watchlist. Undo is offered for a few seconds.`);
    },
    [dispatch, store],
  );
  const offerOver = useCallback(() => setOffer(null), []);

  // After Undo: the page of the first row put back, and focus on its actions button (the
  // Undo button it was on is gone).
  const restoredAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (restoredAt.current === null) return;
    const rows = tbodyRef.current?.querySelectorAll<HTMLElement>(ROW_ACTIONS) ?? [];
    rows[restoredAt.current - view.start]?.focus();
    restoredAt.current = null;
  });
  const undoRemoval = ({ removed }: RemovalOffer) => {
    // Latest first: each place was taken in the list as it was after the ones before.
    for (const { entry } of [...removed].reverse()) dispatch(entryRestored(entry));
    const at = Math.min(
      ...removed
        .map(({ entry }) => store.getState().wishlist.ids.indexOf(entry.id))
        .filter((index) => index >= 0),
    );
    if (!Number.isFinite(at)) return; // none came back (the list filled up meanwhile)
    restoredAt.current = at;
    setRequestedPage(Math.floor(at / TABLE_PAGE_SIZE) + 1);
  };

  const changePage = (page: number) => {
    const next = pageWindow(ids.length, page);
    setRequestedPage(next.page);
    setAnnouncement(
      `Page ${next.page} of ${next.totalPages}: ${next.start + 1} — ${next.end} of ${next.total} results.`,
    );
  };

  return (
    <div css={frame}>
      {/* Always in the page, so the message is announced when it appears. */}
      <div css={pricesMessage !== null && notice}>
        <p role="status" css={{ margin: 0 }}>
          {pricesMessage}
        </p>
        {pricesMessage !== null && !pricesRetrying && (
          <button type="button" css={button} onClick={() => dispatch(pricesRequested())}>
            Retry
          </button>
        )}
      </div>
      {/* One polite voice for what changes without the visitor's focus on it. */}
      <p aria-live="polite" css={visuallyHidden}>
        {announcement}
      </p>
      <div css={scroller} tabIndex={0} role="region" aria-label="Watchlist tokens">
        <table css={table}>
          <colgroup>
            {COLUMNS.map(({ label, width }) => (
              <col key={label} style={{ width }} />
            ))}
            <col style={{ width: ACTIONS_WIDTH }} />
          </colgroup>
          <thead>
            <tr>
              {COLUMNS.map(({ label, numeric }) => (
                <th key={label} scope="col" data-numeric={numeric || undefined}>
                  {label}
                </th>
              ))}
              <th scope="col">
                <span css={visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody ref={tbodyRef}>
            {ids.length === 0 ? (
              <tr>
                <td css={empty} colSpan={COLUMNS.length + 1}>
                  No Holdings, Please add some tokens to your portfolio
                </td>
              </tr>
            ) : (
              ids
                .slice(view.start, view.end)
                .map((id) => (
                  <WatchlistRow
                    key={id}
                    id={id}
                    menuOpen={rowUi.openMenuId === id}
                    editing={rowUi.editingId === id}
                    onRowUi={onRowUi}
                    onRemove={remove}
                  />
                ))
            )}
          </tbody>
        </table>
      </div>
      {offer && (
        <UndoNotice
          key={offer.key}
          message={removedMessage(offer)}
          onUndo={() => undoRemoval(offer)}
          onDone={offerOver}
        />
      )}
      <PagingFooter
        view={view}
        onPrev={() => changePage(view.page - 1)}
        onNext={() => changePage(view.page + 1)}
      />
    </div>
  );
}
