import { memo, type KeyboardEvent } from 'react';
import { css } from '@emotion/react';
import {
  TokenLogo,
  addId,
  entryRestored,
  formatName,
  formatSymbol,
  insetFocusRing,
  removeId,
  removedEntryOf,
  selectWatchlistFull,
  theme,
  useAppDispatch,
  useAppSelector,
  useAppStore,
} from '@token-portfolio/shared';
import { tokenUnchecked, type AddTokenRootState } from '../state/addTokenSlice';
import { selectUncheckedHere } from '../state/selectors';
import type { TokenEntry } from '../state/tokenEntry';

const row = css`
  ${theme.row};
  gap: 12px;
  min-height: 48px;
  padding: 8px 12px;
  border-radius: ${theme.radius.control};
  cursor: pointer;
  user-select: none;
  &:hover {
    background: ${theme.color.surfaceRaised};
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    color: ${theme.color.textMuted};
  }
  ${insetFocusRing};
  &[aria-selected='true'] {
    background: color-mix(in srgb, ${theme.color.accent} 8%, transparent);
  }
`;

const label = css`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const symbolText = css`
  color: ${theme.color.textMuted};
`;

const check = css`
  flex: none;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  border: 1.5px solid ${theme.color.textMuted};
  display: grid;
  place-items: center;
  [aria-selected='true'] > & {
    border-color: ${theme.color.accent};
    background: ${theme.color.accent};
    color: ${theme.color.accentText};
  }
`;

interface TokenRowProps {
  /** The dialog it is in (addTokenSlice's DialogMeta). */
  dialog: string;
  token: TokenEntry;
  selected: boolean;
  /** The list's one tab stop (roving tabindex): the other rows are reached with the arrows. */
  active: boolean;
  /** The row got focus (click, arrow key or Tab): it becomes the tab stop. */
  onActivate: (id: string) => void;
}

/** One token: pressing it (or Enter/Space) adds it to or removes it from the wishlist. */
export const TokenRow = memo(function TokenRow({
  dialog,
  token,
  selected,
  active,
  onActivate,
}: TokenRowProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // A full watchlist refuses the addition (the footer says why); removal always works.
  const refused = useAppSelector(selectWatchlistFull) && !selected;
  // The spec: a toggle adds or removes at once. Checked again in the same opening, a token
  // comes back as it was, holdings and place (no single click loses holdings: docs/product.md, beyond the spec).
  const toggle = () => {
    const state: AddTokenRootState = store.getState();
    if (selected) {
      const removed = removedEntryOf(state.wishlist, token.id);
      if (removed) dispatch(tokenUnchecked(removed, dialog));
      dispatch(removeId(token.id));
      return;
    }
    const unchecked = selectUncheckedHere(state, dialog, token.id);
    dispatch(unchecked ? entryRestored(unchecked) : addId(token.id));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle();
    }
  };
  return (
    <li
      css={row}
      role="option"
      aria-selected={selected}
      aria-disabled={refused || undefined}
      tabIndex={active ? 0 : -1}
      onClick={toggle}
      onKeyDown={onKeyDown}
      onFocus={() => onActivate(token.id)}
    >
      <TokenLogo images={token.images} name={token.name} shape="circle" />
      <span css={label}>
        {formatName(token.name)} <span css={symbolText}>({formatSymbol(token.symbol)})</span>
      </span>
      <span css={check} aria-hidden="true">
        {selected && (
          <svg width="12" height="12" viewBox="0 0 12 12">
            <path
              d="M2.5 6.2 5 8.6l4.5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </span>
    </li>
  );
});
