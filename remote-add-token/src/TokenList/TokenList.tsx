import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { css } from '@emotion/react';
import { theme, useAppDispatch, useAppSelector } from '@token-portfolio/shared';
import { trendingPageRequested } from '../state/addTokenSlice';
import {
  selectError,
  selectHasNextPage,
  selectMode,
  selectStatus,
  selectTokenEntries,
  selectWatchedSet,
} from '../state/selectors';
import { TokenRow } from '../TokenRow/TokenRow';
import { ListStatus } from '../ListStatus/ListStatus';
import { useNearEnd } from './useNearEnd';

const heading = css`
  margin: 0;
  padding: 12px 16px 4px;
  color: ${theme.color.textMuted};
  font-size: 13px;
  font-weight: 500;
`;

const scrollArea = css`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 0 4px 8px;
`;

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Where each key moves focus among `count` rows from `index`; null for other keys. */
function targetIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** 'Trending' (paged on scroll) or 'Search results' of one dialog, with the status texts. */
export function TokenList({ dialog }: { dialog: string }) {
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => selectMode(state, dialog));
  const status = useAppSelector((state) => selectStatus(state, dialog));
  const error = useAppSelector((state) => selectError(state, dialog));
  const hasNextPage = useAppSelector((state) => selectHasNextPage(state, dialog));
  const entries = useAppSelector((state) => selectTokenEntries(state, dialog));
  const watched = useAppSelector(selectWatchedSet);
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);

  // Roving tabindex: the listbox is one tab stop, the row last focused (the first row at
  // the start). It is kept by id, so it stays in place when further pages load.
  const [activeId, setActiveId] = useState<string | null>(null);
  const tabStop = entries.some(({ id }) => id === activeId) ? activeId : (entries[0]?.id ?? null);
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const rows = [...event.currentTarget.querySelectorAll<HTMLElement>(':scope > [role="option"]')];
    const from = rows.findIndex((row) => row.contains(event.target as Node));
    if (from === -1) return;
    const to = targetIndex(event.key, from, rows.length);
    if (to === null) return;
    event.preventDefault();
    rows[to]?.focus();
  };

  const pagesMore = mode === 'trending' && hasNextPage && status === 'ready';
  const requestNextPage = useCallback(
    () => dispatch(trendingPageRequested(dialog)),
    [dispatch, dialog],
  );
  useNearEnd(scrollRef, sentinelRef, requestNextPage, pagesMore ? entries.length : -1);

  const firstLoad = status === 'idle' || status === 'loading';
  return (
    <>
      <h2 css={heading} id={headingId}>
        {mode === 'search' ? 'Search results' : 'Trending'}
      </h2>
      <div css={scrollArea} ref={scrollRef}>
        {firstLoad ? (
          <ListStatus kind="loading" />
        ) : (
          <>
            {entries.length > 0 && (
              <ul
                css={list}
                role="listbox"
                aria-multiselectable="true"
                aria-labelledby={headingId}
                onKeyDown={onListKeyDown}
              >
                {entries.map((token) => (
                  <TokenRow
                    key={token.id}
                    dialog={dialog}
                    token={token}
                    selected={watched.has(token.id)}
                    active={token.id === tabStop}
                    onActivate={setActiveId}
                  />
                ))}
              </ul>
            )}
            {status === 'failed' && <ListStatus kind="error" error={error} />}
            {status === 'ready' && entries.length === 0 && <ListStatus kind="empty" />}
            {status === 'loadingMore' && <ListStatus kind="loadingMore" />}
            {status === 'ready' && mode === 'trending' && !hasNextPage && entries.length > 0 && (
              <ListStatus kind="end" />
            )}
            {pagesMore && <div ref={sentinelRef} aria-hidden="true" />}
          </>
        )}
      </div>
    </>
  );
}
