import { useLayoutEffect, useRef } from 'react';
import { css } from '@emotion/react';
import { button, theme } from '@token-portfolio/shared';
import { tableBar } from '../styles/table';
import { hiddenWhenNarrow } from '../styles/visibility';
import type { PageWindow } from '../paging/pageWindow';

const footer = css`
  ${tableBar};
  padding: 12px 16px;
  border-top: 1px solid ${theme.color.border};
  ${theme.narrow} {
    padding: 12px;
  }
`;

const pager = css`
  ${theme.row};
  gap: 12px;
`;

const pageButton = css`
  ${button};
  min-height: 32px;
  padding: 0 12px;
  background: transparent;
  color: ${theme.color.text};
`;

interface PagingFooterProps {
  view: PageWindow;
  onPrev: () => void;
  onNext: () => void;
}

/**
 * 'X — Y of N results', 'P of T pages' (wide screens only), Prev and Next. A page button
 * that disables itself (Next on the last page, Prev on the first) hands focus to the
 * other one, so a keyboard user is not dropped on the page's body.
 */
export function PagingFooter({ view, onPrev, onNext }: PagingFooterProps) {
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const focusAfterPaging = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    focusAfterPaging.current?.focus();
    focusAfterPaging.current = null;
  }, [view.page]);

  const first = view.total === 0 ? 0 : view.start + 1;
  return (
    <div css={footer}>
      <span>
        {first} — {view.end} of {view.total} results
      </span>
      <div css={pager}>
        <span css={hiddenWhenNarrow}>
          {view.page} of {view.totalPages} pages
        </span>
        <button
          type="button"
          ref={prev}
          css={pageButton}
          disabled={view.page <= 1}
          onClick={() => {
            if (view.page - 1 <= 1) focusAfterPaging.current = next.current;
            onPrev();
          }}
        >
          Prev
        </button>
        <button
          type="button"
          ref={next}
          css={pageButton}
          disabled={view.page >= view.totalPages}
          onClick={() => {
            if (view.page + 1 >= view.totalPages) focusAfterPaging.current = prev.current;
            onNext();
          }}
        >
          Next
        </button>
      </div>
    </div>
  );
}
