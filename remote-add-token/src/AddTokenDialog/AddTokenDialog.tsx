import { useId, useLayoutEffect, useRef, useState } from 'react';
import { css } from '@emotion/react';
import {
  addTokenClosed,
  iconButton,
  modalBackdrop,
  nanoid,
  modalPanel,
  primaryButton,
  theme,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  useBackdropDismiss,
  useFocusTrap,
  useModalEffects,
  useWidgetOption,
} from '@token-portfolio/shared';
import { dialogClosed, dialogOpened, queryTyped } from '../state/addTokenSlice';
import { selectSelectionChanged } from '../state/selectors';
import { injectAddToken } from '../state/injectAddToken';
import { TokenList } from '../TokenList/TokenList';
import { WatchlistFullNotice } from '../WatchlistFullNotice/WatchlistFullNotice';

const panel = css`
  ${modalPanel};
  height: 432px;
  ${theme.narrow} {
    height: 500px;
  }
`;

const titleBar = css`
  ${theme.row};
  justify-content: space-between;
  gap: 12px;
  padding: 12px 12px 0 16px;
  h2 {
    margin: 0;
    font-size: 18px;
    font-weight: 600;
  }
`;

const search = css`
  width: 100%;
  padding: 16px;
  border: 0;
  border-bottom: 1px solid ${theme.color.border};
  background: transparent;
  color: ${theme.color.text};
  font: inherit;
  font-size: 16px;
  &::placeholder {
    color: ${theme.color.textMuted};
  }
  &:focus-visible {
    outline: none;
    border-bottom-color: ${theme.color.focus};
  }
`;

const footer = css`
  display: flex;
  justify-content: flex-end;
  padding: 12px 16px;
  border-top: 1px solid ${theme.color.border};
`;

/** The Add Token modal's body: loaded on demand, mounted while the modal is open. */
export default function AddTokenDialog() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  // This dialog's own state and sagas: another Add Token widget on the page has others.
  const [dialog] = useState(nanoid);
  const searchDelayMs = useWidgetOption('searchDelayMs');
  const changed = useAppSelector((state) => selectSelectionChanged(state, dialog));
  const [text, setText] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useFocusTrap(dialogRef, searchRef);

  // Before the first paint: join the store and start from the selection of this moment.
  useLayoutEffect(() => {
    injectAddToken(store);
    store.dispatch(dialogOpened(store.getState().wishlist.ids, dialog));
    return () => {
      store.dispatch(dialogClosed(dialog));
    };
  }, [store, dialog]);

  const titleId = useId();
  const close = () => dispatch(addTokenClosed());
  useModalEffects(close);
  const backdropHandlers = useBackdropDismiss(close);

  return (
    <div css={modalBackdrop} {...backdropHandlers} data-testid="add-token-backdrop">
      <div css={panel} ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div css={titleBar}>
          <h2 id={titleId}>Add Token</h2>
          <button type="button" css={iconButton} aria-label="Close" onClick={close}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.75" />
            </svg>
          </button>
        </div>
        <input
          css={search}
          ref={searchRef}
          type="search"
          aria-label="Search tokens"
          placeholder="Search tokens (e.g., ETH, SOL)..."
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            dispatch(queryTyped({ text: event.target.value, delayMs: searchDelayMs }, dialog));
          }}
        />
        <TokenList dialog={dialog} />
        <div css={footer}>
          <WatchlistFullNotice />
          <button type="button" css={primaryButton} disabled={!changed} onClick={close}>
            Add to Wishlist
          </button>
        </div>
      </div>
    </div>
  );
}
