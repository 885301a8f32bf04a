import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { css } from '@emotion/react';
import {
  addTokenClosed,
  primaryButton,
  theme,
  useAppDispatch,
  useAppSelector,
  useAppStore,
} from '@token-portfolio/shared';
import { dialogOpened, queryTyped } from '../state/addTokenSlice';
import { selectSelectionChanged } from '../state/selectors';
import { injectAddToken } from '../state/injectAddToken';
import { useFocusTrap } from './useFocusTrap';
import { TokenList } from '../TokenList/TokenList';
import { WatchlistFullNotice } from '../WatchlistFullNotice/WatchlistFullNotice';

const backdrop = css`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: 16px;
  background: rgba(0, 0, 0, 0.64);
`;

const panel = css`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 640px;
  height: 432px;
  max-height: calc(100vh - 32px);
  overflow: hidden;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font-family: ${theme.font.family};
  box-shadow: 0 24px 48px rgba(0, 0, 0, 0.5);
  ${theme.narrow} {
    height: 500px;
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
  const changed = useAppSelector(selectSelectionChanged);
  const [text, setText] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useFocusTrap(dialogRef, searchRef);

  // Before the first paint: join the store and start from the selection of this moment.
  useLayoutEffect(() => {
    injectAddToken(store);
    store.dispatch(dialogOpened(store.getState().wishlist.ids));
  }, [store]);

  const close = () => dispatch(addTokenClosed());
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') store.dispatch(addTokenClosed());
    };
    document.addEventListener('keydown', onKeyDown);
    // The page behind must not scroll while the modal is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [store]);

  // A click closes only when it both began and ended on the backdrop itself: selecting text
  // in the search box and releasing over the backdrop also clicks it, and must not close.
  const pressedOnBackdrop = useRef(false);
  const releasedOnBackdrop = useRef(false);
  const onBackdropPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    releasedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    const onBackdrop = pressedOnBackdrop.current && releasedOnBackdrop.current;
    pressedOnBackdrop.current = false;
    releasedOnBackdrop.current = false;
    if (onBackdrop && event.target === event.currentTarget) close();
  };

  return (
    <div
      css={backdrop}
      onPointerDown={onBackdropPointerDown}
      onPointerUp={onBackdropPointerUp}
      onClick={onBackdropClick}
      data-testid="add-token-backdrop"
    >
      <div css={panel} ref={dialogRef} role="dialog" aria-modal="true" aria-label="Add Token">
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
            dispatch(queryTyped(event.target.value));
          }}
        />
        <TokenList />
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
